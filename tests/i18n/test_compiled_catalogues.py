"""Catalogues compiled when the app starts: an install without `make` speaks every language."""

from __future__ import annotations

import gettext
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from skyjo_pad import catalogues
from skyjo_pad.catalogues import PACKAGED, compiled_directory


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A copy of the committed catalogues with no compiled file, as after `pip install`."""
    copy = tmp_path / "translations"
    shutil.copytree(PACKAGED, copy, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    return copy


def _german(folder: Path) -> gettext.NullTranslations:
    return gettext.translation("messages", str(folder), languages=["de"])


def test_missing_catalogues_are_compiled_beside_their_source(source: Path, tmp_path: Path) -> None:
    folder = compiled_directory(tmp_path / "instance", source)
    assert folder == source
    for code in ("sv", "de", "fr"):
        assert (source / code / "LC_MESSAGES" / "messages.mo").is_file()
    assert _german(folder).gettext("Players") != "Players"


def test_a_stale_catalogue_is_compiled_again(source: Path, tmp_path: Path) -> None:
    compiled_directory(tmp_path / "instance", source)
    po = source / "de" / "LC_MESSAGES" / "messages.po"
    text = po.read_text(encoding="utf-8")
    marker = 'msgid "Players"\nmsgstr "'
    assert marker in text
    po.write_text(text.replace(marker, marker + "Neu: "), encoding="utf-8")
    mo = po.with_suffix(".mo")
    os.utime(po, (mo.stat().st_mtime + 10, mo.stat().st_mtime + 10))
    compiled_directory(tmp_path / "instance", source)
    assert _german(source).gettext("Players").startswith("Neu: ")


def test_an_unwritable_package_compiles_into_the_instance_folder(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tempfile.mkstemp

    def refuse_in_source(*args: object, dir: str | Path, **kwargs: object) -> tuple[int, str]:
        if Path(dir).is_relative_to(source):
            raise PermissionError(dir)
        return real(*args, dir=dir, **kwargs)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(catalogues.tempfile, "mkstemp", refuse_in_source)
    folder = compiled_directory(tmp_path / "instance", source)
    assert folder == tmp_path / "instance" / "translations"
    assert not list(source.glob("*/LC_MESSAGES/*.mo"))
    assert _german(folder).gettext("Players") != "Players"


def test_the_app_reads_the_compiled_folder(app) -> None:  # type: ignore[no-untyped-def]
    folder = Path(app.config["BABEL_TRANSLATION_DIRECTORIES"])
    assert (folder / "de" / "LC_MESSAGES" / "messages.mo").is_file()
