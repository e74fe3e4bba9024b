#!/usr/bin/env python3
"""Pillow as the independent oracle of the picture tests.

  pictures.py make DIR        writes the fixtures into DIR (see FIXTURES)
  pictures.py inspect FILE…   prints one JSON object per file: what Pillow reads in it

The fixtures are made here rather than committed, so that what each one holds is readable:
a JPEG whose EXIF carries a GPS position and "rotate 90° clockwise", a PNG with
transparency and text chunks at an odd size, a WebP with EXIF and XMP, a 16-bit grey PNG,
a GIF, a JPEG cut in half, a PNG whose header claims 60,000 × 60,000 pixels, an SVG with a
script, an HTML page; and, for the removal of metadata from published originals, a file of
each format carrying every kind of metadata it can (`metadata.*`, see `make_metadata`).
"""

import hashlib

import io
import json
import struct
import sys
import zlib
from pathlib import Path

from PIL import Image, ImageCms, PngImagePlugin

RED, BLUE, GREEN = (220, 20, 20), (20, 20, 220), (20, 180, 20)
GPS_IFD = 0x8825
ORIENTATION = 0x0112


def exif_with_gps(orientation=None):
    exif = Image.Exif()
    exif[0x010F] = "FixtureCam"  # Make
    if orientation:
        exif[ORIENTATION] = orientation
    exif[GPS_IFD] = {1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)}
    return exif


def split_image(size, first, second, vertical=False):
    """Left half `first`, right half `second` (or top and bottom with vertical)."""
    image = Image.new("RGB", size, second)
    w, h = size
    image.paste(first, (0, 0, w, h // 2) if vertical else (0, 0, w // 2, h))
    return image


def make(folder):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    # Stored 300 × 200, red on top and blue below; Orientation 6 says "turn 90° clockwise to
    # view", so upright it is 200 × 300 with red on the right and blue on the left.
    split_image((300, 200), RED, BLUE, vertical=True).save(
        folder / "rotated-gps.jpg", "JPEG", quality=92, exif=exif_with_gps(orientation=6))
    # 333 × 77, left half transparent, with text chunks.
    rgba = Image.new("RGBA", (333, 77), GREEN + (255,))
    rgba.paste((0, 0, 0, 0), (0, 0, 166, 77))
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", "secret comment")
    text.add_text("Author", "Somebody Private")
    rgba.save(folder / "odd-alpha.png", "PNG", pnginfo=text)
    # 517 × 389 WebP with EXIF (GPS) and XMP.
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>'
    split_image((517, 389), GREEN, RED).save(folder / "photo.webp", "WEBP", quality=90, exif=exif_with_gps(), xmp=xmp)
    # A portrait as randomuser.me serves them: 128 × 128 JPEG.
    split_image((128, 128), BLUE, GREEN).save(folder / "portrait-128.jpg", "JPEG", quality=90)
    # A 16-bit grey PNG, 640 × 480.
    grey = Image.new("I;16", (640, 480), 30000)
    grey.save(folder / "grey16.png", "PNG")
    # A GIF, 40 × 30.
    split_image((40, 30), RED, GREEN).convert("P").save(folder / "small.gif", "GIF")
    # A large JPEG, 2000 × 1500, for shrink tests.
    split_image((2000, 1500), RED, BLUE).save(folder / "large.jpg", "JPEG", quality=90, exif=exif_with_gps())
    # The first half of a JPEG: the pixels stop in the middle.
    whole = io.BytesIO()
    noisy = Image.effect_noise((400, 400), 60).convert("RGB")
    noisy.save(whole, "JPEG", quality=95)
    data = whole.getvalue()
    (folder / "truncated.jpg").write_bytes(data[: len(data) // 2])
    # A PNG whose header claims 60,000 × 60,000 8-bit grey pixels (3.6 gigapixels): a few
    # kilobytes that would take 3.6 GB to decode.
    (folder / "bomb.png").write_bytes(png_bomb(60000, 60000))
    (folder / "drawing.svg").write_text(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>\n')
    (folder / "page.html").write_text("<!DOCTYPE html><html><body><h1>Not found</h1></body></html>\n")
    (folder / "garbage.bin").write_bytes(bytes(range(256)) * 4)
    make_metadata(folder)


# Texts that must not survive in a published original, searched for in its bytes.
SECRETS = ["FixtureCam", "secret comment", "Somebody Private", "xmp-secret", "iptc-secret", "trailer-secret"]
XMP = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="xmp-secret"/></rdf:RDF></x:xmpmeta>')


def srgb_profile():
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


def insert_after_soi(jpeg, segment):
    return jpeg[:2] + segment + jpeg[2:]


def jpeg_segment(marker, body):
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def make_metadata(folder):
    """One file per format with everything a camera, phone or editor writes beside the pixels:
    EXIF with a GPS position, a camera make and an orientation, XMP, comments and text,
    IPTC, a time stamp, a private chunk, data after the end; and an ICC profile, which is
    not metadata but colour and must stay."""
    picture = Image.effect_noise((96, 64), 50).convert("RGB")
    picture.paste(RED, (0, 0, 48, 64))
    icc = srgb_profile()
    # JPEG: EXIF (GPS, make, orientation 6), XMP, a comment, ICC, IPTC (APP13), a JFIF
    # thumbnail-free header, a progressive scan, restart markers, and an MPF-like trailer.
    for name, extra in [("metadata.jpg", {}), ("metadata-progressive.jpg", {"progressive": True}),
                        ("metadata-restart.jpg", {"restart_marker_blocks": 1})]:
        out = io.BytesIO()
        picture.save(out, "JPEG", quality=90, exif=exif_with_gps(orientation=6), icc_profile=icc,
                     comment="secret comment", xmp=XMP.encode(), **extra)
        data = insert_after_soi(out.getvalue(), jpeg_segment(0xED, b"Photoshop 3.0\x008BIM\x04\x04\x00\x00iptc-secret"))
        trailer = jpeg_segment(0xE1, b"Exif\x00\x00trailer-secret")
        (folder / name).write_bytes(data + b"\xff\xd8" + trailer + b"\xff\xd9")
    # PNG: eXIf (GPS, orientation 8), tEXt, zTXt, iTXt XMP, tIME, ICC, a private chunk, a trailer.
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "secret comment")
    info.add_text("Author", "Somebody Private", zip=True)
    info.add_itxt("XML:com.adobe.xmp", XMP)
    info.add(b"tIME", struct.pack(">HBBBBB", 2026, 11, 25, 12, 0, 0))
    info.add(b"prVt", b"FixtureCam")
    out = io.BytesIO()
    picture.convert("RGBA").save(out, "PNG", pnginfo=info, exif=exif_with_gps(orientation=8), icc_profile=icc)
    (folder / "metadata.png").write_bytes(out.getvalue() + b"trailer-secret")
    # WebP: EXIF (GPS, orientation 3), XMP, ICC; and an animation of two frames with the same.
    picture.save(folder / "metadata.webp", "WEBP", quality=90, exif=exif_with_gps(orientation=3), xmp=XMP.encode(), icc_profile=icc)
    frames = [picture, picture.transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
    frames[0].save(folder / "metadata-animated.webp", "WEBP", save_all=True, append_images=frames[1:], duration=200,
                   loop=0, exif=exif_with_gps(), xmp=XMP.encode(), lossless=True)
    # GIF: a comment, an XMP application extension, two frames that loop.
    gif = io.BytesIO()
    frames[0].convert("P").save(gif, "GIF", save_all=True, append_images=[frames[1].convert("P")], duration=200,
                                loop=0, comment=b"secret comment")
    data = gif.getvalue()
    xmp = b"\x21\xff\x0bXMP DataXMP" + bytes([len(b"xmp-secret")]) + b"xmp-secret" + b"\x00"
    (folder / "metadata.gif").write_bytes(data[:-1] + xmp + b"\x3b" + b"trailer-secret")


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_bomb(width, height):
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\0" * (width + 1) * 64, 9)  # the first 64 rows; the rest missing
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def inspect(path):
    with Image.open(path) as image:
        info = {
            "file": str(path),
            "format": image.format,
            "width": image.width,
            "height": image.height,
            "mode": image.mode,
            "exif": len(image.getexif()) > 0,
            "icc": "icc_profile" in image.info and bool(image.info["icc_profile"]),
            "xmp": bool(image.info.get("xmp")) or "XML:com.adobe.xmp" in image.info,
            "text": sorted(k for k, v in image.info.items() if isinstance(v, str) and k not in ("jfif", "progression")),
            "keys": sorted(image.info.keys()),
        }
        exif = image.getexif()
        info["exifTags"] = sorted(exif.keys())
        info["orientation"] = exif.get(ORIENTATION, 1)
        info["gps"] = GPS_IFD in exif
        info["iccProfile"] = hashlib.sha256(image.info.get("icc_profile") or b"").hexdigest()
        frames = getattr(image, "n_frames", 1)
        info["frames"] = frames
        digest = hashlib.sha256()
        for frame in range(frames):
            image.seek(frame)
            digest.update(image.convert("RGBA").tobytes())
        info["pixels"] = digest.hexdigest()
        image.seek(0)
        with open(path, "rb") as file:
            raw = file.read()
        info["secrets"] = [secret for secret in SECRETS if secret.encode() in raw]
        rgb = image.convert("RGB")
        w, h = rgb.size
        info["left"] = list(rgb.getpixel((w // 8, h // 2)))
        info["right"] = list(rgb.getpixel((w - 1 - w // 8, h // 2)))
        info["top"] = list(rgb.getpixel((w // 2, h // 8)))
        info["bottom"] = list(rgb.getpixel((w // 2, h - 1 - h // 8)))
    return info


def main():
    command, *arguments = sys.argv[1:]
    if command == "make":
        make(arguments[0])
    elif command == "inspect":
        print(json.dumps([inspect(Path(p)) for p in arguments]))
    else:
        raise SystemExit("usage: pictures.py make DIR | inspect FILE…")


if __name__ == "__main__":
    main()
