"""Warbands from the public Warcry fighter data set (a JSON list of fighter records).

The data set lists fighters one per record, each naming its ``warband``; a battle needs one
warband, so a file holding several is read as ``FILE.json#Warband Name`` (or refused with the
names it holds). Records validate as :class:`~generator.systems.warcry.models.Fighter` cards.
"""

from __future__ import annotations

from pathlib import Path

from generator.content import display_path
from generator.errors import ContentError
from generator.systems.warcry.models import Fighter, Warband


def split_spec(spec: str | Path) -> tuple[Path, str | None]:
    """``"fighters.json#Askurgan Trueblades"`` -> (path, warband name)."""
    text = str(spec)
    if "#" in text and text.split("#", 1)[0].lower().endswith(".json"):
        path, name = text.split("#", 1)
        return Path(path), name
    return Path(text), None


def is_dataset(spec: str | Path) -> bool:
    """True when ``spec`` names a JSON file whose top level is a list (the data-set format)."""
    path, _ = split_spec(spec)
    if path.suffix.lower() != ".json" or not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(4096).lstrip()
    return head.startswith(b"[")


def warband_from_dataset(spec: str | Path) -> Warband:
    """The warband ``spec`` names in a data-set file, as a Warcry warband (one-line errors)."""
    path, wanted = split_spec(spec)
    from generator.content.jsonsource import read_json

    records = read_json(path)  # the content limits: size, nesting, duplicate keys, file:line errors
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ContentError(f"{display_path(path)}: the Warcry data-set format is a JSON list of fighter objects")
    names = sorted({str(r.get("warband") or "") for r in records} - {""})
    if wanted is None:
        if len(names) > 1:
            raise ContentError(f"{display_path(path)}: holds {len(names)} warbands ({', '.join(names[:6])}"
                               f"{', ...' if len(names) > 6 else ''}); name one as FILE.json#Warband Name")
        wanted = names[0] if names else path.stem
        chosen = records
    else:
        chosen = [r for r in records if str(r.get("warband")) == wanted]
        if not chosen:
            raise ContentError(f"{display_path(path)}: no fighters of warband {wanted!r}; it holds: {', '.join(names)}")
    fighters = []
    for i, record in enumerate(chosen):
        try:
            fighters.append(Fighter.model_validate(record))
        except Exception as err:  # pydantic ValidationError: name the record and the first problem
            first = str(err).splitlines()
            raise ContentError(f"{display_path(path)}: [{records.index(record)}] ({record.get('name', '?')}): "
                               f"{first[1] if len(first) > 1 else first[0]}: {first[2].strip() if len(first) > 2 else ''}") from None
    faction = (fighters[0].runemarks[0] if fighters and fighters[0].runemarks else "warband")
    slug = "".join(c if c.isalnum() else "-" for c in wanted.lower()).strip("-") or "warband"
    return Warband(name=wanted, faction=slug, fighters=fighters)
