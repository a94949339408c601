"""The Python pages' examples (```pycon blocks of docs/en/python.md and docs/fr/python.md)
print what they show, run as doctests from the repository root."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "en" / "python.md", ROOT / "docs" / "fr" / "python.md"]
BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_example_of_the_page_prints_what_it_shows(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    blocks = BLOCK.findall(text)
    assert blocks, f"{page} has no pycon example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for number, block in enumerate(blocks, 1):
            test = parser.get_doctest(block, globs, f"{page.name} block {number}", str(page), 0)
            runner.run(test, clear_globs=False)
            # A page reads as one session: what a block defines, the next one uses.
            globs = test.globs
    finally:
        os.chdir(cwd)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 5, result
