"""Draw the web app's icons (frontend/icons): a gold crown on the top bar's brown.

Writes icon.svg, icon-192.png and icon-512.png (rounded square, purpose "any")
and maskable-192.png and maskable-512.png (full bleed, the crown inside the
central safe circle, purpose "maskable"). Standard library only; run it again
after changing a shape or colour: ``python scripts/make_icons.py``.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "frontend" / "icons"
BG = (0x3B, 0x2F, 0x22)
GOLD = (0xE0, 0xB6, 0x3A)
#: The crown in a unit box: its body (a polygon), its band and the balls on its points.
CROWN = [(0.15, 0.72), (0.15, 0.34), (0.33, 0.54), (0.5, 0.26), (0.67, 0.54), (0.85, 0.34), (0.85, 0.72)]
BAND = (0.15, 0.77, 0.85, 0.87)  # x0, y0, x1, y1
BALLS = [(0.15, 0.29, 0.065), (0.5, 0.2, 0.07), (0.85, 0.29, 0.065)]
SAMPLES = 4  # per axis, per pixel (anti-aliasing)


def in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    j = len(poly) - 1
    for i, (xi, yi) in enumerate(poly):
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def in_crown(x: float, y: float) -> bool:
    if BAND[0] <= x <= BAND[2] and BAND[1] <= y <= BAND[3]:
        return True
    if any((x - cx) ** 2 + (y - cy) ** 2 <= r * r for cx, cy, r in BALLS):
        return True
    return in_polygon(x, y, CROWN)


def in_rounded(x: float, y: float, r: float) -> bool:
    """Inside the unit square with corners rounded by ``r``."""
    cx = min(max(x, r), 1 - r)
    cy = min(max(y, r), 1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def draw(size: int, maskable: bool) -> bytes:
    # The crown's box: 64% of the icon, or 56% inside a maskable icon's safe circle.
    scale = 0.56 if maskable else 0.64
    off = (1 - scale) / 2
    rows = []
    for py in range(size):
        row = bytearray([0])  # PNG filter: none
        for px in range(size):
            bg = gold = 0
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = (px + (sx + 0.5) / SAMPLES) / size
                    y = (py + (sy + 0.5) / SAMPLES) / size
                    if not maskable and not in_rounded(x, y, 0.18):
                        continue
                    if in_crown((x - off) / scale, (y - off) / scale):
                        gold += 1
                    else:
                        bg += 1
            n = SAMPLES * SAMPLES
            alpha = (bg + gold) / n
            if alpha == 0:
                row += bytes(4)
                continue
            mix = gold / (bg + gold)
            row += bytes(round(b + (g - b) * mix) for b, g in zip(BG, GOLD)) + bytes([round(alpha * 255)])
        rows.append(bytes(row))
    return png(size, b"".join(rows))


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg() -> str:
    s, off = 0.64 * 100, 18.0

    def p(v: float) -> str:
        return f"{off + v * s:.1f}"

    hexa = "#%02x%02x%02x"
    body = " ".join(f"{p(x)},{p(y)}" for x, y in CROWN)
    balls = "".join(f'<circle cx="{p(x)}" cy="{p(y)}" r="{r * s:.1f}"/>' for x, y, r in BALLS)
    x0, y0, x1, y1 = BAND
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" rx="18" fill="{hexa % BG}"/>'
            f'<g fill="{hexa % GOLD}"><polygon points="{body}"/>'
            f'<rect x="{p(x0)}" y="{p(y0)}" width="{(x1 - x0) * s:.1f}" height="{(y1 - y0) * s:.1f}"/>'
            f"{balls}</g></svg>\n")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(draw(size, maskable=False))
        (OUT / f"maskable-{size}.png").write_bytes(draw(size, maskable=True))


if __name__ == "__main__":
    main()
