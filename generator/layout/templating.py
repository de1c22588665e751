"""The one way templates are rendered: in a sandbox, because a template is data, not code.

People share template packs (``--templates DIR``) the way they share rosters, so a template must
not be able to do more than lay out the data it is given. Every card, sheet and booklet template
is rendered in a :class:`jinja2.sandbox.ImmutableSandboxedEnvironment` with

* only the view data and the tool's own drawing helpers in reach: no ``cycler``, ``lipsum`` or
  module objects, no attribute that starts with ``_`` (so no ``__globals__``, ``__class__``,
  ``__subclasses__``), no method that changes a list or mapping, and of the methods of text,
  lists and mappings only those that read (``lower``, ``split``, ``get``...);
* a budget per render: loop iterations plus calls (``MAX_STEPS``), the length of any text or
  list an operator or filter makes (``MAX_ITEMS``), the output (``MAX_OUTPUT``), and powers with
  small exponents only. A card takes a few thousand steps; a template that loops for ever, or
  doubles a string until memory runs out, is stopped with a one-line error instead;
* template files read like every other file the tool did not make: regular files only, at most
  ``MAX_TEMPLATE_BYTES``, and never through a symbolic link that leaves the template folder (a
  shared pack could otherwise print a private file onto a card).

Whatever goes wrong inside a template (a refused attribute, an undefined name, a syntax error, a
filter given nonsense) is a :class:`RenderError` naming the template file and line.
"""

from __future__ import annotations

import os
import re
import types
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Callable

import jinja2
from jinja2 import nodes
from jinja2.loaders import split_template_path
from jinja2.runtime import markup_join
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from generator.errors import RenderError, SkirmishError
from generator.resources import templates_dir

#: Largest template file read (the built-in ones are a few kB each).
MAX_TEMPLATE_BYTES = 1_000_000
#: Loop iterations plus calls one render may take: the largest built-in render (SagaBorn's sheet)
#: takes under 2,000; two million take Jinja about a second.
MAX_STEPS = 2_000_000
#: Longest text (characters) or list (items) an operator, a filter or a call may make or take.
MAX_ITEMS = 1_000_000
#: Most characters one render may write.
MAX_OUTPUT = 20_000_000
#: Largest exponent of ``**`` (a card's maths needs squares and square roots).
MAX_EXPONENT = 64

#: Methods a template may call on text, on lists and on mappings: those that only read.
TEXT_METHODS = frozenset({
    "capitalize", "casefold", "count", "endswith", "find", "isalnum", "isalpha", "isdigit", "islower",
    "isnumeric", "isspace", "istitle", "isupper", "lower", "lstrip", "partition", "removeprefix",
    "removesuffix", "rfind", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip",
    "swapcase", "title", "upper",
})
SEQUENCE_METHODS = frozenset({"count", "index"})
MAPPING_METHODS = frozenset({"get", "items", "keys", "values"})

#: Jinja's built-in filters a template may use: those whose work is bounded by the data they get.
#: (``center``, ``indent``, ``wordwrap``, ``format``, ``filesizeformat`` and ``random`` are left out:
#: a number argument alone could make them build gigabytes.)
SAFE_FILTERS = (
    "abs", "attr", "batch", "capitalize", "count", "d", "default", "dictsort", "e", "escape", "first",
    "float", "forceescape", "groupby", "int", "items", "join", "last", "length", "list", "lower", "map",
    "max", "min", "reject", "rejectattr", "replace", "reverse", "round", "safe", "select", "selectattr",
    "slice", "sort", "string", "striptags", "sum", "title", "tojson", "trim", "truncate", "unique", "upper",
    "urlencode", "wordcount", "xmlattr",
)

_BUDGET: ContextVar[list[int] | None] = ContextVar("template_budget", default=None)


def _refuse(message: str) -> SecurityError:
    return SecurityError(message)


def _spend(steps: int = 1) -> None:
    budget = _BUDGET.get()
    if budget is None:
        return
    budget[0] -= steps
    if budget[0] < 0:
        raise _refuse(f"takes more than {MAX_STEPS:,} steps (loop turns and calls); a card takes a few thousand")


def _size(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict)) else 0


def _check_size(value: Any, what: str = "a value") -> Any:
    if _size(value) > MAX_ITEMS:
        raise _refuse(f"makes {what} of {_size(value):,} characters or items; at most {MAX_ITEMS:,}")
    return value


def _counted(iterable: Any):
    """Every loop of a template iterates through this (see :meth:`_Sandbox._parse`)."""
    for item in iterable:
        _spend()
        yield item


def _range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_ITEMS:
        raise _refuse(f"asks for a range of {len(numbers):,} numbers; at most {MAX_ITEMS:,}")
    _spend(max(len(numbers) // 16, 1))
    return numbers


def _concat(parts: list[Any]) -> Any:
    """The ``~`` operator, with a limit on what it makes."""
    total = sum(len(str(p)) for p in parts)
    if total > MAX_ITEMS:
        raise _refuse(f"joins text of {total:,} characters with ~; at most {MAX_ITEMS:,}")
    return markup_join(parts)


def _join_filter(original: Callable) -> Callable:
    def join(eval_ctx, value, d="", attribute=None):
        items = list(value)
        total = sum(len(str(x)) for x in items) + len(str(d)) * max(len(items) - 1, 0)
        if total > MAX_ITEMS:
            raise _refuse(f"joins text of {total:,} characters; at most {MAX_ITEMS:,}")
        return original(eval_ctx, items, d, attribute)

    join.jinja_pass_arg = original.jinja_pass_arg  # type: ignore[attr-defined]
    return join


def _replace_filter(original: Callable) -> Callable:
    def replace(eval_ctx, s, old, new, count=None):
        text, old_text, new_text = str(s), str(old), str(new)
        times = text.count(old_text) if old_text else len(text) + 1
        if len(text) + times * len(new_text) > MAX_ITEMS:
            raise _refuse(f"replaces its way to more than {MAX_ITEMS:,} characters")
        return original(eval_ctx, s, old, new, count)

    replace.jinja_pass_arg = original.jinja_pass_arg  # type: ignore[attr-defined]
    return replace


#: Jinja's own objects whose methods a template calls: ``loop.cycle()``, macros of an imported
#: template (``m.badge()``), ``self.block()``.
_JINJA_OBJECTS = (jinja2.utils.Namespace, jinja2.runtime.LoopContext, jinja2.environment.TemplateModule,
                  jinja2.runtime.TemplateReference)

_FORMAT_WIDTH = re.compile(r"%[-#0 +]*(\*|\d{5,}|\.\*|\.\d{5,})")


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox with the budget: every loop, call and size-making operator is counted."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, str):
            return attr in TEXT_METHODS
        if isinstance(obj, (list, tuple)):
            return attr in SEQUENCE_METHODS
        if isinstance(obj, dict):
            return attr in MAPPING_METHODS
        if isinstance(obj, (types.ModuleType, type)) or isinstance(value, (types.ModuleType, type)):
            return False  # a module or a class leads anywhere (os.environ, subclasses...)
        return not callable(value) or isinstance(obj, _JINJA_OBJECTS)

    def wrap_str_format(self, value: Any) -> None:
        return None  # str.format is refused like any method not listed (a width could be gigabytes)

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        _spend()
        if operator == "**":
            if isinstance(right, (int, float)) and abs(right) > MAX_EXPONENT and isinstance(left, (int, float)) \
                    and abs(left) not in (0, 1):
                raise _refuse(f"raises to the power {right}; at most {MAX_EXPONENT}")
        elif operator == "*":
            for seq, times in ((left, right), (right, left)):
                if _size(seq) and isinstance(times, int) and _size(seq) * times > MAX_ITEMS:
                    raise _refuse(f"repeats {_size(seq):,} characters or items {times:,} times; "
                                  f"at most {MAX_ITEMS:,} in all")
        elif operator == "+":
            if _size(left) + _size(right) > MAX_ITEMS:
                raise _refuse(f"adds up to {_size(left) + _size(right):,} characters or items; at most {MAX_ITEMS:,}")
        elif operator == "%" and isinstance(left, str) and _FORMAT_WIDTH.search(left):
            raise _refuse("formats with a field width of 10,000 or more")
        return _check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
        _spend()
        for value in (*args, *kwargs.values()):
            _check_size(value, "an argument")
        result = super().call(__context, __obj, *args, **kwargs)
        if _size(result) > MAX_OUTPUT:
            raise _refuse(f"makes {_size(result):,} characters in one call; at most {MAX_OUTPUT:,}")
        return result

    def _parse(self, source, name, filename):
        """The template's syntax tree, with every loop counted and every ``~`` measured."""
        tree = super()._parse(source, name, filename)
        for loop in tree.find_all(nodes.For):
            loop.iter = nodes.Call(nodes.Name("_counted", "load", lineno=loop.lineno), [loop.iter], [], None, None,
                                   lineno=loop.lineno)
        for parent in tree.find_all(nodes.Node):
            for field in parent.fields:
                child = getattr(parent, field, None)
                if isinstance(child, nodes.Concat):
                    setattr(parent, field, _measured(child))
                elif isinstance(child, list):
                    setattr(parent, field, [_measured(c) if isinstance(c, nodes.Concat) else c for c in child])
        return tree


def _measured(concat: nodes.Concat) -> nodes.Call:
    return nodes.Call(nodes.Name("_concat", "load", lineno=concat.lineno),
                      [nodes.List(list(concat.nodes), lineno=concat.lineno)], [], None, None, lineno=concat.lineno)


class _Loader(jinja2.BaseLoader):
    """Templates from the user's folder first, then the built-in ones; read with the tool's caps."""

    def __init__(self, folders: list[str]):
        self.folders = folders

    def get_source(self, environment, template: str):
        from generator.content.source import display_path
        from generator.files import TooLarge, read_capped

        pieces = split_template_path(template)  # refuses "..": a template cannot name files outside
        for folder in self.folders:
            filename = os.path.join(folder, *pieces)
            if not os.path.lexists(filename):
                continue
            shown = display_path(Path(filename))
            root = os.path.realpath(folder)
            real = os.path.realpath(filename)
            if os.path.commonpath([root, real]) != root:
                raise RenderError(f"template {shown}: is a symbolic link out of its template folder (to {real}); "
                                  "templates are read only from inside it")
            try:
                data = read_capped(filename, MAX_TEMPLATE_BYTES)
            except TooLarge as err:
                raise RenderError(f"template {shown}: is {err.size / 1e6:.1f} MB; a template is at most "
                                  f"{MAX_TEMPLATE_BYTES / 1e6:g} MB") from None
            except SkirmishError as err:
                raise RenderError(f"template {err}") from None
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise RenderError(f"template {shown}: not a UTF-8 text file") from None
            mtime = os.path.getmtime(filename)

            def uptodate(name: str = filename, seen: float = mtime) -> bool:
                try:
                    return os.path.getmtime(name) == seen
                except OSError:
                    return False

            return text, filename, uptodate
        raise jinja2.TemplateNotFound(template)


def template_environment(user_dir: str | None, *, filters: dict[str, Callable] | None = None,
                         helpers: dict[str, Any] | None = None, **options: Any) -> jinja2.Environment:
    """A sandboxed environment over ``user_dir`` (first) and the built-in ``templates/``, with
    only the safe filters, ``filters`` and the ``helpers`` (functions and constants) in reach."""
    folders = ([user_dir] if user_dir else []) + [str(templates_dir())]
    env = _Sandbox(loader=_Loader(folders), undefined=jinja2.StrictUndefined, **options)
    builtin = env.filters
    env.filters = {name: builtin[name] for name in SAFE_FILTERS}
    env.filters["join"] = _join_filter(builtin["join"])
    env.filters["replace"] = _replace_filter(builtin["replace"])
    env.filters.update(filters or {})
    env.globals = {"range": _range, "dict": dict, "namespace": jinja2.utils.Namespace, "min": min, "max": max,
                   "len": len, "_counted": _counted, "_concat": _concat, **(helpers or {})}
    return env


def check_folder(user_dir: Path | None) -> None:
    if user_dir is not None and not Path(user_dir).is_dir():
        raise RenderError(f"--templates {user_dir}: not a folder")


def _template_frame(err: BaseException, fallback: str) -> str:
    """``file:line`` of the innermost template frame of ``err`` (Jinja gives template frames the
    template's file and line), else ``fallback``."""
    from generator.content.source import display_path

    where = None
    tb = err.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.endswith(".j2") or name.endswith(".jinja") or "/templates/" in name.replace(os.sep, "/"):
            where = f"{display_path(Path(name))}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where or fallback


def template_file(env: jinja2.Environment, template: str) -> str:
    """Where ``template`` is read from, as the user would write the path."""
    return _located(env, template, None)


def _located(env: jinja2.Environment, template: str, user_dir: Path | None) -> str:
    try:
        _, filename, _ = env.loader.get_source(env, template)
    except (jinja2.TemplateNotFound, RenderError):
        return template
    from generator.content.source import display_path

    return display_path(Path(filename))


def render_template(env: jinja2.Environment, template: str, context: dict[str, Any],
                    user_dir: Path | None = None) -> str:
    """Render ``template`` with ``context`` inside the budget; every failure is one RenderError
    that names the template file (and line)."""
    check_folder(user_dir)
    token = _BUDGET.set([MAX_STEPS])
    try:
        out: list[str] = []
        written = 0
        for chunk in env.get_template(template).generate(**context):
            written += len(chunk)
            if written > MAX_OUTPUT:
                raise _refuse(f"writes more than {MAX_OUTPUT:,} characters; a card is a few thousand")
            out.append(chunk)
        return "".join(out)
    except RenderError:
        raise
    except jinja2.TemplateNotFound as err:
        missing = err.name or template
        raise RenderError(f"template {missing!r} not found in {user_dir or ''} or the built-in templates/") from None
    except jinja2.TemplateSyntaxError as err:
        from generator.content.source import display_path

        where = display_path(Path(err.filename)) if err.filename else _located(env, template, user_dir)
        raise RenderError(f"template {where}:{err.lineno}: {err.message}") from None
    except SecurityError as err:
        where = _template_frame(err, _located(env, template, user_dir))
        raise RenderError(f"template {where}: refused: {str(err).rstrip('.')}; a template may use only the data "
                          "it is given and the tool's helpers") from None
    except jinja2.UndefinedError as err:
        where = _template_frame(err, _located(env, template, user_dir))
        raise RenderError(f"template {where}: {err.message}") from None
    except RecursionError:
        raise RenderError(f"template {_located(env, template, user_dir)}: calls itself too deeply "
                          "(a macro that never stops calling itself?)") from None
    except (Exception, MemoryError) as err:  # a filter or helper given nonsense: the template's fault, not ours
        where = _template_frame(err, _located(env, template, user_dir))
        reason = str(err).splitlines()[0][:160] if str(err) else ""
        raise RenderError(f"template {where}: {type(err).__name__}{': ' + reason if reason else ''}") from None
    finally:
        _BUDGET.reset(token)


__all__ = ["MAX_STEPS", "check_folder", "render_template", "template_environment", "template_file"]
