"""Load and validate content/ and user files into pydantic models (errors name file:line:field).

Public API:

- :func:`load_file` -- any content file, dispatched on its ``system`` and ``kind`` keys;
- :func:`load_roster` -- a roster/warband/team file, returns ``(System, roster)``;
- :func:`load_model` -- a file straight into a given model;
- :class:`ContentLibrary` -- built-in ``content/`` merged with the user's ``--content`` folder;
- :func:`check_file` -- every problem in a file, for ``skirmish validate``;
- :func:`load_content` / :func:`content_data` -- one content file by relative path, the user's
  ``--content`` copy first: every part of the tool reads content/ through these.
"""

from __future__ import annotations

from generator.content.library import ContentLibrary, library, load_content
from generator.content.loader import (
    ROSTER_KINDS,
    Loaded,
    check_file,
    load_file,
    load_model,
    load_roster,
    load_source,
    validate_source,
)
from generator.content.paths import content_data, content_files, content_name, content_path, find_named, read_content
from generator.content.source import Source, display_path, read_source
from generator.content.where import set_user_content_dir, user_content_dir

__all__ = [
    "ROSTER_KINDS",
    "ContentLibrary",
    "Loaded",
    "Source",
    "check_file",
    "content_data",
    "content_files",
    "content_name",
    "content_path",
    "find_named",
    "display_path",
    "library",
    "load_content",
    "load_file",
    "load_model",
    "load_roster",
    "load_source",
    "read_content",
    "read_source",
    "set_user_content_dir",
    "user_content_dir",
    "validate_source",
]
