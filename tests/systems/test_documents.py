"""The one writer every builder saves content files with."""

import pytest
import yaml

from generator.errors import SkirmishError
from generator.systems.documents import write_document, yaml_text


def test_header_keys_stay_first_and_the_file_reads_back(tmp_path):
    document = {"system": "sagaborn", "kind": "team", "name": "Ærin's band", "squads": []}
    path = write_document(tmp_path / "deeper" / "team.yaml", document)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("system: sagaborn\nkind: team\n") and "Ærin" in text
    assert yaml.safe_load(text) == document == yaml.safe_load(yaml_text(document))


def test_an_unwritable_path_is_a_one_line_error_naming_it(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SkirmishError, match=r"file: is a file, not a folder") as err:
        write_document(blocker / "out.yaml", {"system": "warcry"})
    assert "\n" not in str(err.value)
