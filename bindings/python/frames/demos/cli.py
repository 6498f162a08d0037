"""``frames`` / ``python -m frames``: the demos (``demo``, ``demo-messages``,
``demo-inline``, ``demo-banners``), banner layouts from the command line
(``layout``: a table, --json, --svg) and the replay of a recording
(``replay``, frames.demos.replay_command).

The library is loaded only when a command runs (frames._lib): ``--help``
of the command and of every subcommand, and the package line of
``--version``, work without one.

Errors and exit statuses are those of frames._command: 0 success (also when
the reader of stdout goes away, as with ``| head``), 1 an error in what was
asked, 2 a usage error, each error one line on stderr; ``replay`` says
identical (0), diverged (1) or unreadable (2)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence

from ._command import EXIT_OK, EXIT_STATUS_HELP, CommandError, CommandParser, program_name, run, usage_error
from ..appearance import Appearance, LayoutType

if TYPE_CHECKING:
    from ..banners import Visibility
    from ..layout import LayoutResult, Rect

__all__ = ["main", "build_parser"]

#: The command line's names of the layouts (frames.demos.svg.LAYOUT_NAMES).
_BY_NAME = {"carousel": LayoutType.CAROUSEL, "vertical-list": LayoutType.VERTICAL_LIST, "tiles": LayoutType.TILES}
_NAME_OF = {layout: name for name, layout in _BY_NAME.items()}
#: The defaults of an Appearance (BN-03), shown by --help: read from its
#: fields, as building one would load the library.
_DEFAULT: Dict[str, Any] = {field.name: field.default for field in dataclasses.fields(Appearance)}


def _ratios(text: str) -> List[float]:
    items = [item.strip() for item in text.split(",")]
    if items == [""]:
        return []
    try:
        return [float(item) for item in items]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a comma-separated list of numbers (e.g. 1.5,1,0.75)"
        ) from None


def _length(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def _viewport(text: str) -> List[float]:
    """Y,HEIGHT or X,Y,WIDTH,HEIGHT (content coordinates)."""
    try:
        values = [float(item) for item in text.split(",")]
    except ValueError:
        values = []
    if len(values) not in (2, 4) or not all(math.isfinite(v) for v in values):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not Y,HEIGHT or X,Y,WIDTH,HEIGHT (finite numbers, e.g. 120,600)"
        )
    return values


def _max_banners(text: str) -> Optional[int]:
    if text.strip().lower() == "all":
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is neither an integer nor 'all'") from None


def _number(value: float) -> str:
    return f"{value:g}"


def version_text() -> str:
    """What ``frames --version`` prints: the package and the library it
    loaded, which must be of one release (docs/abi-policy.md)."""
    from .. import __version__
    from .._lib import library_version, load

    package = f"frames {__version__} (Python package)"
    try:
        path = load()[1]
    except ImportError:
        # The package's part still goes out; the one line on stderr says
        # why there is no library part.
        sys.stdout.write(package + "\n")
        raise
    return f"{package}\nlibframes {library_version()} ({path})"


class _VersionAction(argparse.Action):
    """--version: printed when seen, like argparse's own, but read from the
    loaded library rather than fixed when the parser is built."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: Optional[str] = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: Optional[str] = None) -> None:
        from .._lib import LibraryLoadError

        try:
            sys.stdout.write(version_text() + "\n")
        except LibraryLoadError as error:
            sys.stdout.flush()
            sys.stderr.write(f"frames: error: {error}\n")
            parser.exit(1)
        parser.exit()


def build_parser(prog: Optional[str] = None) -> argparse.ArgumentParser:
    prog = prog or program_name()
    parser = CommandParser(
        prog=prog,
        description="libframes: the demos, banner layouts and the replay of recordings",
        epilog=EXIT_STATUS_HELP,
    )
    parser.add_argument("--version", action=_VersionAction, help="the package's and the library's versions, then exit")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "demo",
        help=f"the App Frames home screen with two App Frames against a campaigns folder ({prog} demo --help)",
        add_help=False,
    )
    commands.add_parser(
        "demo-messages",
        help=f"modal in-app messages arriving by silent push over an afternoon ({prog} demo-messages --help)",
        add_help=False,
    )
    commands.add_parser(
        "demo-inline",
        help=f"inline in-app messages on a simulated screen, with the JS bridge ({prog} demo-inline --help)",
        add_help=False,
    )
    commands.add_parser(
        "demo-banners",
        help=f"banner places at run time: a carousel and a list, playback and views ({prog} demo-banners --help)",
        add_help=False,
    )
    commands.add_parser(
        "replay",
        help=f"run a recording again and show the first line where the library differs ({prog} replay --help)",
        add_help=False,
    )
    sub = commands.add_parser(
        "layout",
        help="lay banners out as a table, JSON or an SVG picture",
        description="Lays banners out with the library and prints a table (the default), "
        "JSON (--json) or draws an SVG picture (--svg).",
        epilog=EXIT_STATUS_HELP,
    )
    default_layout = _NAME_OF[_DEFAULT["layout"]]
    max_default = "all" if _DEFAULT["max_banners_count"] is None else str(_DEFAULT["max_banners_count"])
    sub.add_argument("--layout", choices=sorted(_BY_NAME), default=default_layout,
                     help=f"how the place arranges its banners (default: {default_layout})")
    sub.add_argument("--container-width", type=_length, required=True,
                     help="container width in points (required)")
    sub.add_argument("--ratios", type=_ratios, required=True,
                     help="banner ratios (width/height), comma-separated, e.g. 1.5,1,0.75; '' for none "
                     "(required)")
    sub.add_argument("--rtl", action="store_true", help="right-to-left layout direction (default: left to right)")
    sub.add_argument("--side-inset", type=_length, default=_DEFAULT["side_inset"],
                     help=f"inset on both sides (default: {_number(_DEFAULT['side_inset'])})")
    sub.add_argument("--leading-inset", type=_length, default=None,
                     help="inset on the leading side (default: --side-inset)")
    sub.add_argument("--trailing-inset", type=_length, default=None,
                     help="inset on the trailing side (default: --side-inset)")
    sub.add_argument("--inter-item-spacing", type=_length, default=_DEFAULT["inter_item_spacing"],
                     help=f"inter-item spacing (default: {_number(_DEFAULT['inter_item_spacing'])})")
    sub.add_argument("--column-spacing", type=_length, default=None,
                     help="tiles: column gap (default: --inter-item-spacing)")
    sub.add_argument("--row-spacing", type=_length, default=None,
                     help="tiles: row gap (default: --inter-item-spacing)")
    sub.add_argument("--corner-radius", type=_length, default=_DEFAULT["corner_radius"],
                     help=f"banner corner radius (default: {_number(_DEFAULT['corner_radius'])})")
    sub.add_argument("--max-banners-count", type=_max_banners, default=_DEFAULT["max_banners_count"], metavar="N|all",
                     help=f"vertical-list and tiles: lay out at most N banners (default: {max_default}); "
                     "the carousel lays out every banner and ignores it")
    sub.add_argument("--should-loop", action=argparse.BooleanOptionalAction, default=_DEFAULT["should_loop"],
                     help="whether the carousel loops (default: it loops; --no-should-loop: it does not)")
    sub.add_argument("--svg", metavar="FILE", default=None,
                     help="write a picture of the layout, '-' for stdout (default: no picture)")
    sub.add_argument("--json", action="store_true", help="print the layout as JSON (default: a table)")
    sub.add_argument(
        "--viewport",
        type=_viewport,
        default=None,
        metavar="Y,HEIGHT|X,Y,W,H",
        help="vertical-list and tiles: what the user sees (content coordinates; Y,HEIGHT spans the "
        "container width); shows each banner's visible share and whether it plays (more than 75 %% on screen) "
        "(default: none)",
    )
    return parser


def _json_number(value: float) -> Any:
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def as_json(
    result: LayoutResult,
    layout_name: str,
    viewport: Optional[Rect] = None,
    visibility: Optional[List[Visibility]] = None,
) -> Dict[str, Any]:
    frames = []
    for i, r in enumerate(result.rects):
        item: Dict[str, Any] = {
            "index": i,
            "x": _json_number(r.x),
            "y": _json_number(r.y),
            "width": _json_number(r.width),
            "height": _json_number(r.height),
        }
        if visibility is not None:
            item["share"] = visibility[i][0]
            item["plays"] = visibility[i][1]
        frames.append(item)
    data: Dict[str, Any] = {
        "layout": layout_name,
        "container_width": _json_number(result.container_width),
        "content_height": _json_number(result.content_height),
    }
    if viewport is not None:
        data["viewport"] = {key: _json_number(value) for key, value in viewport._asdict().items()}
    data["frames"] = frames
    return data


def _table(
    result: LayoutResult,
    layout_name: str,
    viewport: Optional[Rect] = None,
    visibility: Optional[List[Visibility]] = None,
) -> str:
    head = (
        f"{layout_name}, container width {result.container_width:g}, "
        f"content height {result.content_height:g}, {len(result)} banners"
        + (", RTL" if result.rtl else "")
    )
    if viewport is not None:
        head += (
            f", viewport x {viewport.x:g} y {viewport.y:g} {viewport.width:g} x {viewport.height:g}"
        )
    from .svg import percent

    columns = f"{'index':>5} {'x':>10} {'y':>10} {'width':>10} {'height':>10}"
    if visibility is not None:
        columns += f" {'share':>8} {'playback':>8}"
    lines = [head, columns]
    for i, r in enumerate(result.rects):
        line = f"{i:>5} {r.x:>10g} {r.y:>10g} {r.width:>10g} {r.height:>10g}"
        if visibility is not None:
            line += f" {percent(visibility[i][0]):>8} {'plays' if visibility[i][1] else 'paused':>8}"
        lines.append(line)
    return "\n".join(lines)



def main(argv: Optional[Sequence[str]] = None) -> int:
    """The ``frames`` command; returns the exit status (frames._command)."""
    return run(_main, argv)


def _main(arguments: Sequence[str]) -> int:
    if arguments[:1] == ["demo"]:
        from . import demo

        return demo.run_demo(arguments[1:])
    if arguments[:1] == ["demo-messages"]:
        from . import demo_messages

        return demo_messages.run_demo(arguments[1:])
    if arguments[:1] == ["demo-inline"]:
        from . import demo_inline

        return demo_inline.run_demo(arguments[1:])
    if arguments[:1] == ["demo-banners"]:
        from . import demo_banners

        return demo_banners.run_demo(arguments[1:])
    if arguments[:1] == ["replay"]:
        from . import replay_command

        return replay_command.run_replay(arguments[1:])
    prog = program_name()
    args = build_parser(prog).parse_args(arguments)
    from ..banners import banner_visibility
    from ..layout import Rect, layout_banners
    from .svg import render_svg

    layout: LayoutType = _BY_NAME[args.layout]
    if args.viewport is not None and layout == LayoutType.CAROUSEL:
        return usage_error(
            f"{prog} layout",
            "--viewport applies to the vertical-list and tiles layouts (a carousel plays the page it shows)",
        )
    appearance = Appearance(
        layout=layout,
        max_banners_count=args.max_banners_count,
        should_loop=args.should_loop,
        side_inset=args.side_inset,
        leading_inset=args.leading_inset,
        trailing_inset=args.trailing_inset,
        inter_item_spacing=args.inter_item_spacing,
        column_spacing=args.column_spacing,
        row_spacing=args.row_spacing,
        corner_radius=args.corner_radius,
    )
    viewport: Optional[Rect] = None
    visibility: Optional[List[Visibility]] = None
    result = layout_banners(appearance, args.container_width, args.ratios, rtl=args.rtl)
    if args.viewport is not None:
        values = args.viewport
        if len(values) == 2:
            viewport = Rect(0.0, values[0], result.container_width, values[1])
        else:
            viewport = Rect(*values)
        # The library's 75 % rule (frames_layout_visibility), never a copy of it.
        visibility = banner_visibility(result, viewport)
    picture = (
        render_svg(result, appearance, args.ratios, viewport=viewport, visibility=visibility)
        if args.svg
        else None
    )
    if picture is not None:
        if args.svg == "-":
            sys.stdout.write(picture)
        else:
            try:
                with open(args.svg, "w", encoding="utf-8") as out:
                    out.write(picture)
            except OSError as error:
                raise CommandError(f"cannot write {args.svg}: {error.strerror}") from None
    if args.json:
        print(json.dumps(as_json(result, args.layout, viewport, visibility), allow_nan=False))
    elif args.svg != "-":
        print(_table(result, args.layout, viewport, visibility))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
