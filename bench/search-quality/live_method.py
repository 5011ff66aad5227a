"""The live service's label and definition search (folio-python's FOLIO.search_by_label and
search_by_definition, as its graph.py has them), run over a corpus given as JSON on standard input.

Input: {"label_index": {text: [entry, ...]} (rdfs:label), "alternative_index": {text: [entry, ...]}
(skos:prefLabel, skos:altLabel, skos:hiddenLabel), "definitions": [[text, entry], ...], "label_queries": [...],
"definition_queries": [...], "limit": 10}. Output: {"label": [[entry, ...], ...], "definition": [[entry, ...], ...]},
each list the entries of the results in order. Needs rapidfuzz (pip install rapidfuzz).
"""
import json
import sys

import rapidfuzz


def basic_search(query, choices, limit, scorer):
    found = rapidfuzz.process.extract(query, choices, scorer=scorer, processor=rapidfuzz.utils.default_process, limit=limit)
    # The service sorts by score, then by the length of the text.
    return sorted(found, key=lambda result: (-result[1], len(result[0])))


def main():
    data = json.load(sys.stdin)
    limit = data.get("limit", 10)
    label_index = data["label_index"]
    alternative_index = data["alternative_index"]
    # The service searches the keys of its label index, then of its alternative label index, joined (a text in both twice).
    label_texts = tuple(list(label_index.keys()) + list(alternative_index.keys()))
    definitions = tuple(text for text, _ in data["definitions"])
    definition_entries = [entry for _, entry in data["definitions"]]
    label_results = []
    for query in data["label_queries"]:
        results = []
        for text, _score, _index in basic_search(query, label_texts, limit, rapidfuzz.fuzz.WRatio):
            for entry in label_index.get(text, []) + alternative_index.get(text, []):
                if entry not in results:
                    results.append(entry)
            if len(results) >= limit:
                break
        label_results.append(results[:limit])
    definition_results = []
    for query in data["definition_queries"]:
        found = basic_search(query, definitions, limit, rapidfuzz.fuzz.partial_token_set_ratio)
        definition_results.append([definition_entries[index] for _text, _score, index in found])
    json.dump({"label": label_results, "definition": definition_results}, sys.stdout)


main()
