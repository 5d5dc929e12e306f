"""Write docs/rules-file-keys.md, the key reference of the rules language, from the schema.

    .venv/bin/python scripts/rules_file_keys.py
"""

from pathlib import Path

from analyzer.games.schema_reference import reference_markdown

if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "docs" / "rules-file-keys.md"
    target.write_text(reference_markdown())
    print(f"wrote {target}")
