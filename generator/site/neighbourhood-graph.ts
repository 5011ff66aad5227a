// A term's place as a picture: its ancestors above (up to three paths from the root), itself, its children below (the
// first six, then "+N more"), and what it sees also (dashed), drawn as SVG at build time, so it shows without
// JavaScript; every box is a link. Laid out by graph-layout.ts. A term on one path with nothing below or beside it
// has no graph: its breadcrumbs say as much.
import { BOX, layoutGraph } from './graph-layout.ts';
import { attribute, html, type Markup } from './html.ts';

export const MOST_GRAPH_TRAILS = 3;
export const MOST_GRAPH_CHILDREN = 6;
const MOST_SEE_ALSO = 3;
// What fits a box at 12 px (a longer label is cut, whole in the box's tooltip).
const MOST_CHARACTERS = 22;

export interface GraphBox {
  text: string;
  href?: string;
  kind: 'self' | 'ancestor' | 'child' | 'more' | 'see-also';
}

export interface NeighbourhoodGraph {
  boxes: GraphBox[];
  /** From the upper box to the lower, by box number; a see-also line is dashed. */
  lines: [from: number, to: number, seeAlso: boolean][];
}

/** A term the graph shows: its label, and its page where it is published here (as the concept page links it). */
export interface GraphLink {
  text: string;
  href?: string;
}

/** What a graph is drawn from: the concept page's own labelled links, its paths from the root (ancestors only) first. */
export interface GraphSource {
  title: string;
  trails: readonly (readonly GraphLink[])[];
  children: readonly GraphLink[];
  seeAlso: readonly GraphLink[];
  /** Where "+N more" leads: the term in the tree. */
  treeHref: string;
}

// The term's own box, which no link names (a link's key is its href, or its text: an IRI where the term is not published).
const SELF = '';

/** The graph of a class or concept; undefined for a term with no children, see-also or second path. */
export function neighbourhoodGraph({ title, trails, children, seeAlso, treeHref }: GraphSource): NeighbourhoodGraph | undefined {
  const boxes: GraphBox[] = [];
  const numbers = new Map<string, number>();
  const boxOf = (link: GraphLink, kind: GraphBox['kind']) => {
    const key = link.href ?? link.text;
    let number = numbers.get(key);
    if (number === undefined) {
      number = boxes.push({ text: link.text, ...(link.href ? { href: link.href } : {}), kind }) - 1;
      numbers.set(key, number);
    }
    return number;
  };
  const lines: NeighbourhoodGraph['lines'] = [];
  const seen = new Set<string>();
  const line = (from: number, to: number, seeAlso = false) => {
    const key = `${from}-${to}`;
    if (!seen.has(key)) lines.push([from, to, seeAlso]);
    seen.add(key);
  };
  const drawn = trails.slice(0, MOST_GRAPH_TRAILS);
  for (const trail of drawn) for (const link of trail) boxOf(link, 'ancestor');
  const self = boxes.push({ text: title, kind: 'self' }) - 1;
  numbers.set(SELF, self);
  for (const trail of drawn) trail.forEach((link, at) => line(boxOf(link, 'ancestor'), at + 1 < trail.length ? boxOf(trail[at + 1], 'ancestor') : self));
  for (const link of children.slice(0, MOST_GRAPH_CHILDREN)) line(self, boxOf(link, 'child'));
  if (children.length > MOST_GRAPH_CHILDREN) {
    line(self, boxes.push({ text: `+${children.length - MOST_GRAPH_CHILDREN} more`, href: treeHref, kind: 'more' }) - 1);
  }
  for (const link of seeAlso.slice(0, MOST_SEE_ALSO)) if (!numbers.has(link.href ?? link.text)) line(self, boxOf(link, 'see-also'), true);
  // A single line of ancestors down to a term with nothing below or beside it is what its breadcrumbs say already.
  const around = boxes.some(({ kind }) => kind !== 'ancestor' && kind !== 'self');
  return around || drawn.length > 1 ? { boxes, lines } : undefined;
}

/** A label cut to fit a box, at a word's end where one is near: "A label much longer…". */
function cut(text: string): string {
  const characters = [...text];
  if (characters.length <= MOST_CHARACTERS) return text;
  const kept = characters.slice(0, MOST_CHARACTERS - 1).join('');
  const space = kept.lastIndexOf(' ');
  return `${space > MOST_CHARACTERS / 2 ? kept.slice(0, space) : kept}…`;
}

/** The graph as an SVG figure, its size given so the page does not move when it is drawn. */
export function graphFigure(graph: NeighbourhoodGraph, title: string): Markup {
  const layout = layoutGraph({ boxes: graph.boxes.length, lines: graph.lines.map(([from, to]) => [from, to] as const) });
  const box = ({ text, href, kind }: GraphBox, at: number) => {
    const { x, y } = layout.boxes[at];
    const shown = cut(text);
    const drawn = html`<rect${attribute('x', String(x))}${attribute('y', String(y))} width="${BOX.width}" height="${BOX.height}" rx="5"></rect><text${attribute('x', String(x + BOX.width / 2))}${attribute('y', String(y + BOX.height / 2))}>${shown}</text>`;
    // The whole label as a tooltip, where the box shows only part of it.
    const tip = shown === text ? '' : html`<title>${text}</title>`;
    return href
      ? html`<a${attribute('href', href)}${attribute('class', kind)}>${tip}${drawn}</a>`
      : html`<g${attribute('class', kind)}${kind === 'self' ? html` aria-current="page"` : ''}>${tip}${drawn}</g>`;
  };
  const paths = graph.lines.map(([, , seeAlso], at) => {
    const points = layout.lines[at];
    const d = points.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
    return html`<path${attribute('d', d)}${seeAlso ? html` class="see-also"` : ''}></path>`;
  });
  return html`<figure class="graph" data-pagefind-ignore><div class="scroll"><svg${attribute('viewBox', `0 0 ${layout.width} ${layout.height}`)}${attribute('width', String(layout.width))}${attribute('height', String(layout.height))}${attribute('aria-label', `${title}: its parents above, its children below`)}><g class="lines">${paths}</g>${graph.boxes.map(box)}</svg></div><figcaption>Parents above, children below${graph.lines.some(([, , seeAlso]) => seeAlso) ? '; dashed: see also' : ''}.</figcaption></figure>`;
}
