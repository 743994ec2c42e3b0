"""Every code an illegal command can carry is registered with its meaning."""

from __future__ import annotations

import ast
from pathlib import Path

from dominion.errors import ILLEGAL_COMMAND_CODES

ENGINE = Path(__file__).resolve().parent.parent / "backend" / "dominion"


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _code_arg(call: ast.Call, index: int) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == "code":
            return kw.value
    return call.args[index] if len(call.args) > index else None


def raised_codes() -> dict[str, list[str]]:
    """Code -> where: every literal code given to ``IllegalCommand`` in the engine,
    directly or through a helper that passes one of its parameters on as the code."""
    trees = {p: ast.parse(p.read_text(), str(p)) for p in ENGINE.rglob("*.py")}
    # Helpers such as engine._illegal(message, code): name -> index of the code parameter.
    helpers: dict[str, int] = {}
    forwarding: set[int] = set()  # the IllegalCommand calls inside those helpers
    for tree in trees.values():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            params = [a.arg for a in fn.args.args]
            for call in ast.walk(fn):
                if isinstance(call, ast.Call) and _name(call) == "IllegalCommand":
                    arg = _code_arg(call, 1)
                    if isinstance(arg, ast.Name) and arg.id in params:
                        helpers[fn.name] = params.index(arg.id)
                        forwarding.add(id(call))
    found: dict[str, list[str]] = {}
    unchecked = []
    for path, tree in trees.items():
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            name = _name(call)
            if name == "IllegalCommand":
                index = 1
            elif name in helpers:
                index = helpers[name]
            else:
                continue
            arg = _code_arg(call, index)
            where = f"{path.relative_to(ENGINE)}:{call.lineno}"
            if arg is None:
                found.setdefault("illegal_command", []).append(where)  # the class default
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, []).append(where)
            elif id(call) not in forwarding:
                unchecked.append(where)
    assert not unchecked, f"codes that are not literals: {unchecked}"
    return found


def test_every_illegal_command_code_is_registered():
    found = raised_codes()
    assert {"card_not_in_hand", "invalid_answer", "no_decision", "bad_command"} <= set(found)
    unregistered = {code: where for code, where in found.items()
                    if code not in ILLEGAL_COMMAND_CODES}
    assert not unregistered, unregistered


def test_every_registered_code_is_raised_and_explained():
    found = raised_codes()
    assert set(ILLEGAL_COMMAND_CODES) <= set(found), set(ILLEGAL_COMMAND_CODES) - set(found)
    for code, meaning in ILLEGAL_COMMAND_CODES.items():
        assert meaning.endswith(".") and "\n" not in meaning, code
