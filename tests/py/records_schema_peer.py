"""Validates each line of a records file against a published JSON Schema with the
`jsonschema` package (Draft 2020-12), for tests/cross/profiles_vs_python.rs.

  records_schema_peer.py <schema.json> <records.jsonl>
prints {"lines": N, "invalid": {"<line>": "<first error>"}}.
"""

import json
import sys

from jsonschema import Draft202012Validator


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    invalid, lines = {}, 0
    with open(sys.argv[2], encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            lines += 1
            errors = list(validator.iter_errors(json.loads(line)))
            if errors:
                invalid[str(n)] = errors[0].message
    print(json.dumps({"lines": lines, "invalid": invalid}))


if __name__ == "__main__":
    main()
