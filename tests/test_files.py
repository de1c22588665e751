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


# ---- only regular files are replaced; links are followed ----------------------------------------


def test_a_fifo_or_a_device_at_the_target_is_refused_and_kept(tmp_path):
    fifo = tmp_path / "deck.pdf"
    os.mkfifo(fifo)
    with pytest.raises(SkirmishError, match="is a FIFO"):
        write_atomic(fifo, b"%PDF")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    link = tmp_path / "null.pdf"
    link.symlink_to("/dev/null")
    with pytest.raises(SkirmishError, match="symbolic link to /dev/null, which is a character device"):
        write_atomic(link, b"%PDF")
    assert link.is_symlink() and sorted(os.listdir(tmp_path)) == ["deck.pdf", "null.pdf"]


def test_a_link_is_replaced_through_and_kept(tmp_path):
    from generator.files import output_file

    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "map.yaml"
    real.write_text("old")
    link = tmp_path / "map.yaml"
    link.symlink_to(real)
    assert output_file(link) == real
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert os.listdir(tmp_path / "real") == ["map.yaml"]


def test_a_link_loop_is_refused(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(SkirmishError, match="cannot be followed"):
        write_atomic(tmp_path / "a", "x")


# ---- reads are capped ---------------------------------------------------------------------------


def test_read_capped_reads_at_most_the_cap_plus_one_byte_of_anything(tmp_path):
    from generator.files import TooLarge, read_capped

    (tmp_path / "small").write_bytes(b"abc")
    assert read_capped(tmp_path / "small", 3) == b"abc"
    with pytest.raises(TooLarge):
        read_capped(tmp_path / "small", 2)
    for special, words in (("/dev/zero", "is a character device"), (tmp_path, "is a folder")):
        with pytest.raises(SkirmishError, match=words):
            read_capped(special, 10)
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(SkirmishError, match="is a FIFO"):
        read_capped(tmp_path / "pipe", 10)  # returns at once: a FIFO is never opened


# ---- two runs into one folder -------------------------------------------------------------------


def test_two_runs_into_one_folder_keep_each_others_entries(tmp_path):
    """Both runs read the manifest before either wrote: the second must not drop the first's
    files (a run that wrote only its own view back would leave the tool refusing to replace the
    first run's files as not its own)."""
    from generator.files import Manifest

    first, second = Manifest(tmp_path), Manifest(tmp_path)
    write_atomic(tmp_path / "a.svg", "a")
    first.record([tmp_path / "a.svg"], group="cards")
    write_atomic(tmp_path / "b.svg", "b")
    second.remove_stale([tmp_path / "b.svg"], group="cards")
    second.record([tmp_path / "b.svg"], group="cards")
    later = Manifest(tmp_path)
    assert later.owns(tmp_path / "a.svg") and later.owns(tmp_path / "b.svg")
    assert (tmp_path / "a.svg").exists()  # written after the second run started: not its to clean


def test_concurrent_processes_merge_the_manifest_under_a_lock(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from generator.files import Manifest

    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from generator.files import Manifest, write_atomic\n"
        "folder, tag = Path(sys.argv[1]), sys.argv[2]\n"
        "for i in range(40):\n"
        "    m = Manifest(folder)\n"
        "    p = write_atomic(folder / f'{tag}-{i}.svg', tag)\n"
        "    m.record([p], group='cards')\n"
    )
    root = Path(__file__).resolve().parents[1]
    runs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path), tag], cwd=root) for tag in ("x", "y")]
    assert [r.wait(timeout=120) for r in runs] == [0, 0]
    manifest = Manifest(tmp_path)
    assert len(manifest.entries) == 80
    assert all(manifest.owns(tmp_path / name) for name in manifest.entries)
