// Original word lists for the FOLIO-shaped generator: no FOLIO text, only common legal vocabulary.

/** Names of the top-level branches (subclasses of owl:Thing), invented for this generator. */
export const BRANCHES: readonly string[] = [
  'Party / Participant', 'Field of Practice', 'Instrument / Writing', 'Procedural Phase', 'Tribunal / Seat',
  'Territorial Scope', 'Duty / Undertaking', 'Relief / Remedy', 'Occurrence / Incident', 'Professional Service',
  'Holding / Asset Class', 'Cause of Action', 'Economic Sector', 'Charge / Disbursement', 'Lifecycle State',
  'Channel / Medium', 'Public Authority', 'Source of Law', 'Disposition', 'Exposure / Risk',
  'Working Language', 'Monetary Unit', 'Aim / Purpose', 'Data Standard',
];

/** Legal nouns, lower case unless they are acronyms; "&" in a few so labels need XML escaping. */
export const NOUNS: readonly string[] = [
  'agreement', 'contract', 'clause', 'claim', 'motion', 'petition', 'appeal', 'court', 'tribunal', 'judge',
  'jury', 'verdict', 'judgment', 'ruling', 'order', 'injunction', 'remedy', 'damages', 'liability', 'obligation',
  'duty', 'breach', 'default', 'tort', 'negligence', 'fraud', 'estoppel', 'lien', 'mortgage', 'easement',
  'lease', 'tenancy', 'license', 'patent', 'trademark', 'copyright', 'royalty', 'warranty', 'indemnity', 'guarantee',
  'bond', 'surety', 'trust', 'estate', 'will', 'probate', 'executor', 'trustee', 'beneficiary', 'guardian',
  'custody', 'adoption', 'divorce', 'alimony', 'settlement', 'arbitration', 'mediation', 'hearing', 'trial', 'deposition',
  'discovery', 'subpoena', 'summons', 'complaint', 'answer', 'counterclaim', 'pleading', 'brief', 'memorandum', 'affidavit',
  'declaration', 'exhibit', 'evidence', 'testimony', 'witness', 'expert', 'counsel', 'attorney', 'solicitor', 'barrister',
  'notary', 'clerk', 'registrar', 'plaintiff', 'defendant', 'appellant', 'respondent', 'claimant', 'creditor', 'debtor',
  'lender', 'borrower', 'employer', 'employee', 'contractor', 'vendor', 'purchaser', 'lessor', 'lessee', 'licensee',
  'shareholder', 'director', 'officer', 'partnership', 'corporation', 'subsidiary', 'merger', 'acquisition', 'dividend', 'securities',
  'disclosure', 'filing', 'registration', 'compliance', 'regulation', 'statute', 'ordinance', 'treaty', 'constitution', 'amendment',
  'provision', 'section', 'article', 'schedule', 'annex', 'covenant', 'condition', 'termination', 'renewal', 'assignment',
  'novation', 'consideration', 'deposit', 'escrow', 'invoice', 'payment', 'fee', 'expense', 'tax', 'levy',
  'tariff', 'customs', 'sanction', 'penalty', 'fine', 'forfeiture', 'seizure', 'warrant', 'arrest', 'bail',
  'probation', 'parole', 'sentence', 'conviction', 'acquittal', 'indictment', 'prosecution', 'defense', 'privilege', 'confidentiality',
  'consent', 'capacity', 'jurisdiction', 'venue', 'forum', 'standing', 'precedent', 'doctrine', 'dispute', 'grievance',
  'insolvency', 'bankruptcy', 'receivership', 'liquidation', 'restructuring', 'collateral', 'pledge', 'title', 'deed', 'conveyance',
  'zoning', 'permit', 'variance', 'inspection', 'audit', 'investigation', 'inquiry', 'subrogation', 'annuity', 'pension',
  'insurance', 'premium', 'policy', 'coverage', 'exclusion', 'rider', 'injury', 'loss', 'restitution', 'rescission',
  'ratification', 'waiver', 'notice', 'stay', 'dismissal', 'M&A', 'R&D',
];

export const ADJECTIVES: readonly string[] = [
  'administrative', 'adverse', 'ancillary', 'appellate', 'arbitral', 'binding', 'civil', 'collective', 'commercial', 'conditional',
  'confidential', 'constitutional', 'contractual', 'corporate', 'criminal', 'customary', 'derivative', 'domestic', 'equitable', 'exclusive',
  'executive', 'express', 'federal', 'fiduciary', 'final', 'financial', 'foreign', 'fraudulent', 'implied', 'interim',
  'international', 'joint', 'judicial', 'legislative', 'limited', 'maritime', 'material', 'mandatory', 'municipal', 'mutual',
  'negligent', 'nominal', 'ordinary', 'parental', 'partial', 'pecuniary', 'permanent', 'personal', 'preliminary', 'primary',
  'private', 'procedural', 'public', 'punitive', 'regulatory', 'residential', 'secured', 'statutory', 'substantive', 'summary',
  'supplemental', 'temporary', 'unsecured', 'voluntary', 'written', 'environmental', 'digital', 'intellectual', 'consumer', 'antitrust',
];

/** Past-tense verbs, the shape of FOLIO's object property labels ("drafted", "approvedBy"). */
export const VERBS: readonly string[] = [
  'accepted', 'affirmed', 'amended', 'appealed', 'approved', 'arbitrated', 'assigned', 'audited', 'authorized', 'breached',
  'certified', 'challenged', 'cited', 'claimed', 'compelled', 'conveyed', 'dismissed', 'disclosed', 'drafted', 'enforced',
  'executed', 'filed', 'granted', 'guaranteed', 'indemnified', 'inspected', 'issued', 'licensed', 'litigated', 'mediated',
  'negotiated', 'notarized', 'objected', 'overruled', 'pledged', 'prosecuted', 'ratified', 'recorded', 'registered', 'rejected',
  'remanded', 'renewed', 'represented', 'rescinded', 'reversed', 'reviewed', 'sanctioned', 'served', 'settled', 'signed',
  'subpoenaed', 'superseded', 'terminated', 'transferred', 'vacated', 'verified', 'waived', 'witnessed',
];

/** Place names with accents, so English labels carry non-ASCII too ("Zürich Commercial Court"). */
export const PLACES: readonly string[] = [
  'Zürich', 'Genève', 'Québec', 'Montréal', 'São Paulo', 'Bogotá', 'Malmö', 'Düsseldorf', 'Curaçao', 'Kraków',
  'Reykjavík', 'Besançon', 'Córdoba', 'Münster', 'Ålesund', 'Łódź', 'Île-de-France',
];

export type Language = 'de-de' | 'en-gb' | 'es-es' | 'es-mx' | 'fr-fr' | 'he-il' | 'hi-in' | 'ja-jp' | 'pt-br' | 'zh-cn';

/** The translation languages FOLIO uses; en-gb reuses the English label and es-mx mostly the es-es one. */
export const LANGUAGES: readonly Language[] = ['de-de', 'en-gb', 'es-es', 'es-mx', 'fr-fr', 'he-il', 'hi-in', 'ja-jp', 'pt-br', 'zh-cn'];

/** How a language joins words: CJK without spaces, Romance languages noun first with "de". */
export type Joiner = 'space' | 'none' | 'romance';

export interface WordList {
  joiner: Joiner;
  words: readonly string[];
}

export const TRANSLATION_WORDS: Readonly<Record<'de-de' | 'es-es' | 'fr-fr' | 'he-il' | 'hi-in' | 'ja-jp' | 'pt-br' | 'zh-cn', WordList>> = {
  'de-de': { joiner: 'space', words: [
    'Vertrag', 'Klausel', 'Anspruch', 'Gericht', 'Klage', 'Berufung', 'Urteil', 'Haftung', 'Schadensersatz', 'Bürgschaft',
    'Gebühr', 'Prüfung', 'Verfahren', 'Gesellschaft', 'Eigentümer', 'Rechtsanwalt', 'Vollmacht', 'Kündigung', 'Zustellung', 'Gläubiger',
    'Schuldner', 'Grundstück', 'Rücktritt', 'Verjährung', 'Mängelrüge', 'öffentlich', 'gerichtlich', 'vertraglich', 'Steuer', 'Behörde',
    'Frist', 'Zürich',
  ] },
  'fr-fr': { joiner: 'romance', words: [
    'contrat', 'clause', 'réclamation', 'tribunal', 'appel', 'jugement', 'responsabilité', 'dommages', 'caution', 'Société',
    'procédure', 'créancier', 'débiteur', 'avocat', 'huissier', 'garantie', 'préjudice', 'requête', 'arrêt', 'décision',
    'mandat', 'bail', 'propriété', 'échéance', 'cour', 'délai', 'pénal', 'contractuel', 'fiscal', 'Genève',
    // Decomposed (NFD) on purpose: "e" + combining acute, so search code must normalise to match "résiliation".
    're\u0301siliation', 'cre\u0301ance',
  ] },
  'es-es': { joiner: 'romance', words: [
    'contrato', 'Cláusula', 'reclamación', 'tribunal', 'apelación', 'sentencia', 'responsabilidad', 'daños', 'fianza', 'sociedad',
    'procedimiento', 'acreedor', 'deudor', 'rescisión', 'abogado', 'notaría', 'garantía', 'perjuicio', 'demanda', 'resolución',
    'poder', 'arrendamiento', 'propiedad', 'plazo', 'jurisdicción', 'penal', 'contractual', 'fiscal', 'público', 'Bogotá',
  ] },
  'pt-br': { joiner: 'romance', words: [
    'contrato', 'cláusula', 'reivindicação', 'tribunal', 'apelação', 'sentença', 'responsabilidade', 'danos', 'fiança', 'sociedade',
    'procedimento', 'credor', 'devedor', 'rescisão', 'advogado', 'cartório', 'garantia', 'prejuízo', 'Ação', 'decisão',
    'procuração', 'locação', 'propriedade', 'prazo', 'jurisdição', 'penal', 'contratual', 'fiscal', 'público', 'São Paulo',
  ] },
  'ja-jp': { joiner: 'none', words: [
    '契約', '条項', '請求', '裁判所', '控訴', '判決', '責任', '損害賠償', '保証', '会社',
    '手続', '債権者', '債務者', '解除', '弁護士', '公証人', '担保', '訴訟', '決定', '委任',
    '賃貸借', '所有権', '期限', '管轄', '刑事', '税務', '公的', '申立て', 'クレーム', 'ライセンス',
  ] },
  'zh-cn': { joiner: 'none', words: [
    '合同', '条款', '索赔', '法院', '上诉', '判决', '责任', '损害赔偿', '担保', '公司',
    '程序', '债权人', '债务人', '解除', '律师', '公证', '保证', '诉讼', '裁定', '委托',
    '租赁', '所有权', '期限', '管辖', '刑事', '税务', '公共', '申请', '许可', '仲裁',
  ] },
  'he-il': { joiner: 'space', words: [
    'חוזה', 'סעיף', 'תביעה', 'בית משפט', 'ערעור', 'פסק דין', 'אחריות', 'פיצויים', 'ערבות', 'חברה',
    'הליך', 'נושה', 'חייב', 'ביטול', 'עורך דין', 'נוטריון', 'בטוחה', 'החלטה', 'ייפוי כוח', 'שכירות',
    'בעלות', 'מועד', 'סמכות', 'פלילי', 'מס', 'ציבורי', 'בקשה', 'רישיון', 'בוררות', 'מינוי',
  ] },
  'hi-in': { joiner: 'space', words: [
    'अनुबंध', 'खंड', 'दावा', 'न्यायालय', 'अपील', 'निर्णय', 'दायित्व', 'क्षतिपूर्ति', 'जमानत', 'कंपनी',
    'प्रक्रिया', 'लेनदार', 'देनदार', 'समाप्ति', 'अधिवक्ता', 'नोटरी', 'गारंटी', 'मुकदमा', 'आदेश', 'मुख्तारनामा',
    'पट्टा', 'स्वामित्व', 'अवधि', 'क्षेत्राधिकार', 'आपराधिक', 'कर', 'सार्वजनिक', 'याचिका', 'लाइसेंस', 'मध्यस्थता',
  ] },
};

/** Amounts in several currencies, for definition sentences. */
export const AMOUNTS: readonly string[] = ['$10,000', '€5,000', '£250', '¥1,000,000', '₹50,000', '$1 million'];

/** Contexts and parties for definition sentences. */
export const CONTEXTS: readonly string[] = [
  'commercial litigation', 'cross-border transactions', 'family proceedings', 'regulatory enforcement', 'insolvency practice',
  'employment disputes', 'real property conveyancing', 'intellectual property prosecution', 'criminal procedure', 'public procurement',
  'administrative review', 'maritime claims', 'consumer protection', 'competition law', 'tax controversy', 'estate planning',
];

export const PARTIES: readonly string[] = [
  'the parties', 'a court', 'the tribunal', 'counsel', 'the regulator', 'a creditor', 'the employer', 'an insurer',
  'the licensor', 'a trustee', 'the agency', 'the claimant', 'the respondent', 'an arbitrator', 'the board', 'a notary',
];
