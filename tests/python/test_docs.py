"""The examples of docs/python.md and README.md's Python section run and print what they show.

The ```pycon blocks of docs/python.md run as one doctest session (names carry over from
block to block); README.md's ```python block runs and its commented outputs are checked."""
import doctest
import re

import pytest

from conftest import ROOT


def blocks(path, language):
    return re.findall(r"```" + language + r"\n(.*?)```", path.read_text(), re.S)


def test_the_examples_in_docs_python_md_print_what_they_show(monkeypatch):
    pytest.importorskip("numpy")
    monkeypatch.chdir(ROOT)
    text = "\n".join(blocks(ROOT / "docs" / "python.md", "pycon"))
    assert text.count(">>>") > 30
    test = doctest.DocTestParser().get_doctest(text, {}, "docs/python.md", "docs/python.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in docs/python.md differ"


def test_the_readme_python_lines_print_the_commented_values(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    (code,) = [b for b in blocks(ROOT / "README.md", "python") if "import polypath" in b]
    lines = code.strip().splitlines()
    assert len(lines) == 5
    exec(code, {})
    printed = capsys.readouterr().out.splitlines()
    expected = [line.split("# ")[1] for line in lines if "print(" in line and "# " in line]
    assert printed[: len(expected)] == expected
    assert len(printed) == 2
