"""generator.files: the one atomic writer every output goes through."""

import os
import stat

import pytest

from generator.errors import SkirmishError
from generator.files import atomic_path, ensure_folder, write_atomic


def test_write_atomic_creates_folders_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "a" / "b" / "map.yaml"
    write_atomic(target, "grid: hex\n")
    assert target.read_text() == "grid: hex\n"
    assert os.listdir(target.parent) == ["map.yaml"]


def test_written_files_follow_the_umask_not_mkstemp_private_mode(tmp_path):
    old = os.umask(0o022)
    try:
        path = write_atomic(tmp_path / "deck.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_failed_write_keeps_the_old_file_and_no_part_file(tmp_path):
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_bytes(b"half")
            raise RuntimeError("renderer crashed")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["deck.pdf"]


def test_a_folder_as_the_target_is_a_user_error(tmp_path):
    with pytest.raises(SkirmishError, match="is a folder; give a file name"):
        write_atomic(tmp_path, "x")
    assert os.listdir(tmp_path) == []


def test_a_file_in_the_way_of_a_folder_is_a_user_error(tmp_path):
    (tmp_path / "out").write_text("x")
    with pytest.raises(SkirmishError, match="is a file, not a folder"):
        ensure_folder(tmp_path / "out")
    with pytest.raises(SkirmishError, match="a file is in the way"):
        write_atomic(tmp_path / "out" / "sub" / "deck.pdf", b"")
