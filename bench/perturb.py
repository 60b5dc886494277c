"""How the reader holds up when a real text is passed on the way people pass it on.

    uv run python bench/perturb.py ../shared/data/pasted [MORE_FOLDERS…]
    uv run python bench/perturb.py ../shared/data/pasted --only paste as_html

Each text with its truth beside it (the development set's layout) is scored as it is,
then again after each change a real page goes through on its way to planner: pasted
from a browser (shared/tools/render_paste.py, also `--compact`), its Markdown rendered
to a saved HTML page (markdown-it), wrapped in a `<div>`, opened by a comment or YAML
front matter, with CRLF line ends, a byte-order mark, no blank lines, or hard line
breaks (two spaces) at every line end.  A row is printed for each text that loses more
than 0.02 under some change, with the score of each such change: where the reader leans
on something the next page may not have.  The truth is the original's, so a change that
really removes what the truth counts (a paste drops links; a rendered page drops
Liquid) costs points that are no fault of the reader's: read the rows, not the sum.

The scorer is tests/program_scoring.py (the rules of shared/tools/score.py, in-process).
Nothing is written but a temporary folder.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from tests.program_scoring import load_truth, score_text, truth_files  # noqa: E402

RENDER_PASTE = ROOT.parent / "shared" / "tools" / "render_paste.py"


def _paste(tmp: Path, compact: bool):
    def change(text: str, ext: str) -> str | None:
        if ext not in (".md", ".html") or not RENDER_PASTE.is_file():
            return None
        src, out = tmp / ("in" + ext), tmp / "pasted.txt"
        src.write_text(text, encoding="utf-8")
        args = [sys.executable, str(RENDER_PASTE), str(src), str(out)]
        if subprocess.run(args + (["--compact"] if compact else []), capture_output=True).returncode:
            return None
        return out.read_text(encoding="utf-8")
    return change


def _as_html(text: str, ext: str) -> str | None:
    if ext != ".md":
        return None
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark").enable("table").render(text)
    return f"<!DOCTYPE html><html><head><title>Program</title></head><body>{body}</body></html>"


def changes(tmp: Path) -> dict:
    """name -> (change(text, suffix) -> new text or None, the suffix it is saved with)."""
    md = (".md",)
    return {
        "paste": (_paste(tmp, False), ".txt"),
        "paste_compact": (_paste(tmp, True), ".txt"),
        "as_html": (_as_html, ".html"),
        "divwrap": (lambda t, e: f'<div class="content">\n\n{t}\n\n</div>\n' if e in md else None, None),
        "comment": (lambda t, e: "<!-- saved page -->\n" + t if e in (".md", ".html") else None, None),
        "frontmatter": (lambda t, e: "---\nlayout: page\ntitle: Program\n---\n\n" + t if e in md else None, None),
        "crlf": (lambda t, e: t.replace("\n", "\r\n"), None),
        "bom": (lambda t, e: "\ufeff" + t, None),
        "no_blank_lines": (lambda t, e: "\n".join(x for x in t.split("\n") if x.strip())
                           if e != ".html" else None, None),
        "hard_breaks": (lambda t, e: "\n".join(x + "  " for x in t.split("\n")) if e in md else None, None),
    }


def _score(path: Path, truth: dict) -> float:
    """The text's score; a traceback scores 0, as shared/tools/score.py counts it."""
    try:
        return score_text(path, truth).value
    except Exception as exc:  # noqa: BLE001  (any crash is a reading of nothing)
        print(f"  traceback on {path.name}: {type(exc).__name__}: {exc}"[:200])
        return 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--only", nargs="+", metavar="CHANGE", help="only these changes")
    ap.add_argument("--drop", type=float, default=0.02, help="the loss that prints a row")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="perturb-"))
    todo = {k: v for k, v in changes(tmp).items() if not a.only or k in a.only}
    pairs: dict[str, list[tuple[float, float]]] = {k: [] for k in todo}
    n = 0
    for folder in a.folders:
        for text, truth_path in truth_files(folder):
            truth = load_truth(truth_path)
            base = _score(text, truth)
            raw = text.read_text(encoding="utf-8")
            n += 1
            row = []
            for name, (change, suffix) in todo.items():
                new = change(raw, text.suffix)
                if new is None or new == raw:
                    continue
                path = tmp / (text.stem + (suffix or text.suffix))
                path.write_text(new, encoding="utf-8", newline="")
                got = _score(path, truth)
                pairs[name].append((base, got))
                if got < base - a.drop:
                    row.append(f"{name}={got:.2f}")
            if row:
                print(f"{base:.2f} {folder.name}/{text.name}: {' '.join(row)}")
    print(f"{n} texts; the mean score as they are and after each change (over the texts it changes):")
    for name, got in pairs.items():
        if got:
            before, after = (sum(x) / len(got) for x in zip(*got))
            print(f"  {name:<15} {before:.3f} -> {after:.3f} ({after - before:+.3f}) over {len(got)} texts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
