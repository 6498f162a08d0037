#!/usr/bin/env python3
"""Writes the seed corpora of the libFuzzer targets into fuzz/seeds/<target>/.

Seeds are the real wire fixtures (Tests/fixtures/wire/**) plus generated
documents that get past the checksums the harnesses compute (the content
target hashes the input itself; the banner and API targets answer content
requests with fixed bodies whose sha256 the generated lists carry) and
call programs for fuzz_api in its byte encoding (see fuzz_api.c, step()).

Deterministic: running it again rewrites the same files. Usage:
    python3 fuzz/make_seeds.py            # from the repository root
"""
import hashlib
import json
import os
import shutil
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "fixtures", "wire")
OUT = os.path.join(ROOT, "fuzz", "seeds")

ASSET_BODY = b"fuzz-asset"          # fuzz_content.c FZ_ASSET_BODY, fuzz_api.c ASSET_BODY
BANNER_BODY = b"<div>banner</div>"  # fuzz_banner_list.c FZ_BANNER_CONTENT, fuzz_api.c BANNER_BODY


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def put(target: str, name: str, data: bytes) -> None:
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def fixtures(sub: str):
    d = os.path.join(FIXTURES, sub)
    for name in sorted(os.listdir(d)):
        with open(os.path.join(d, name), "rb") as f:
            yield name, f.read()


def compact(obj) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


def config_seeds():
    for name, data in fixtures("config"):
        put("fuzz_config", name, data)
    put("fuzz_config", "min-enabled.json", b'{"Insider":{"App Frames Enabled":true}}')
    put("fuzz_config", "min-enabled.plist",
        b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict><key>Insider</key>'
        b'<dict><key>App Frames Enabled</key><true/></dict></dict></plist>\n')
    put("fuzz_config", "plist-types.plist",
        b'<plist><dict><key>a</key><array><integer>-12</integer><real>1.5e3</real><date>2024-05-01T00:00:00Z</date>'
        b'<data>aGVsbG8=</data><string>&lt;&#x41;&#66;<![CDATA[x]]></string><false/><dict/><array/><string/></array>'
        b'<!-- c --><key>Insider</key><dict><key>App Frames Enabled</key><true></true></dict></dict></plist>')
    put("fuzz_config", "json-types.json",
        b'{"a":[1,-0,1.5e-3,"\\u00e9\\ud83d\\ude00",null,true,false,{}],"Insider":{"App Frames Enabled":true}}')


def placements_doc(placements, **extra):
    doc = {"placements": placements}
    doc.update(extra)
    return doc


def placements_seeds():
    for name, data in fixtures("placements"):
        put("fuzz_placements", name, data)
    variant = lambda vid, w, url: {"id": vid, "weight": w, "content": {"url": url, "sha256": "ab" * 32}}
    camp = lambda cid, prio, t, variants, **kw: dict({"id": cid, "priority": prio, "created_at": t,
                                                      "variants": variants}, **kw)
    put("fuzz_placements", "both.json", compact(placements_doc({
        "home_top_banner": {"campaigns": [
            camp("a", "low", 5, [variant("x", 1, "https://cdn.test/a.json")]),
            camp("b", "medium", 9, [variant("y", 10000, "https://cdn.test/b.json"),
                                     variant("z", 1, "http://cdn.test/insecure.json")],
                 min_engine_version="0.1.0"),
        ]},
        "home_bottom_banner": {"campaigns": [
            camp("c", "high", 1, [variant("v", 3, "https://cdn.test/c.json")], min_engine_version=None)]},
    }, sdk_disabled=False)))
    put("fuzz_placements", "eleven.json", compact(placements_doc({"home_top_banner": {"campaigns": [
        camp("c%02d" % i, ["high", "medium", "low"][i % 3], 1000 - i,
             [variant("v", 1 + i, "https://cdn.test/%d.json" % i)]) for i in range(11)]}})))


def content_doc(n_actions=2, with_asset=True):
    doc = {"template": {"html": "<a data-action=\"shop_now\">go</a>"}, "assets": [], "actions": []}
    if with_asset:
        doc["assets"].append({"url": "https://cdn.test/a.png", "size": len(ASSET_BODY), "sha256": sha(ASSET_BODY)})
    acts = [{"id": "shop_now", "deep_link": "app://shop/x", "custom_data": {"coupon": "SPRING24", "n": 20}},
            {"id": "close"},
            {"id": "learn_more", "deep_link": "https://example.com/", "custom_data": None},
            {"id": "empty", "deep_link": None, "custom_data": {}}]
    doc["actions"] = acts[:n_actions]
    return doc


def content_seeds():
    for name, data in fixtures("content"):
        put("fuzz_content", name, data)
    put("fuzz_content", "renders.json", compact(content_doc(4)))
    put("fuzz_content", "no-assets.json", compact(content_doc(1, with_asset=False)))
    put("fuzz_content", "minimal.json", b'{"template":{"html":"x"}}')
    doc = content_doc(2)
    doc["assets"] = doc["assets"] * 3
    put("fuzz_content", "three-assets.json", compact(doc))


def banner(i, ratio=1.5, duration=3000, available=True, body=BANNER_BODY):
    return {"id": "b%d" % i, "ratio": ratio, "duration_ms": duration, "available": available,
            "content": {"url": "https://cdn.test/b/%d.html" % i, "sha256": sha(body)}}


def banner_seeds():
    put("fuzz_banner_list", "three.json", compact({"banners": [banner(0), banner(1, 0.5, 1000), banner(2, 2.0)]}))
    put("fuzz_banner_list", "one.json", compact({"banners": [banner(0, 1.7777, None)]}))
    put("fuzz_banner_list", "empty.json", b'{"banners":[]}')
    put("fuzz_banner_list", "mixed.json", compact({"banners": [
        banner(0), banner(0), banner(1, -1), banner(2, available=False), banner(3, duration=3600001),
        banner(4, 1e-300), banner(5, body=b"other"), {"id": "x"}, 7, banner(6, 3, 1)], "extra": {"k": [1]}}))
    put("fuzz_banner_list", "many.json", compact({"banners": [banner(i, 0.5 + i / 10, 1000 + i) for i in range(30)]}))


def layout_seeds():
    # flags, has_max, loop, max (8), 7 doubles (tag bytes), 4 bools, width, viewport height, rtl, index (2),
    # viewport x y w h, count, ratios (tag bytes; table index 2 = 1.0, 11 = 16/9, 4 = 0.5).
    def seed(flags, width_tag, count, ratio_tags, rtl=0, vp=(0, 0, 5, 6)):
        b = bytes([flags, 1, 1]) + struct.pack("<q", 20)
        b += bytes([0, 0, 0, 9, 0, 0, 8]) + bytes([0, 0, 0, 0])
        b += bytes([width_tag, 6, rtl]) + struct.pack("<H", 1) + bytes(vp) + bytes([count]) + bytes(ratio_tags)
        return b
    for layout in range(3):
        put("fuzz_layout", "layout%d.bin" % layout, seed(layout, 5, 5, [2, 11, 4, 2, 11]))
        put("fuzz_layout", "layout%d-rtl.bin" % layout, seed(layout, 6, 3, [11, 11, 4], rtl=1))
    put("fuzz_layout", "tiny-ratio.bin", seed(1, 5, 2, [19, 2]))
    put("fuzz_layout", "nan-width.bin", seed(2, 38, 1, [2]))


class Program:
    """fuzz_api's byte encoding: header, then one selector byte per call."""

    def __init__(self, config=2, attempts=1, seed=7, render=3):
        self.b = bytearray([config, attempts, seed, render])

    def op(self, *xs):
        self.b += bytes(xs)
        return self

    def frame(self, slot, placement_tag, delegate_mode=2):
        return (self.op(0, slot).op(2, slot, delegate_mode).op(3, slot, 30, placement_tag)
                .op(7, slot, 5, 8).op(4, slot))

    def serve(self, n, kind=0):
        for _ in range(n):
            self.op(11).op(12, 0, 0, 0, kind)
        return self


def api_seeds():
    p = Program().frame(0, 0).frame(1, 1, 1).serve(4).op(15, 5).op(9, 0).op(10, 0, 3, 0).op(9, 1)
    put("fuzz_api", "app-frames-load.bin", bytes(p.b))
    p = (Program(render=1).frame(0, 2, 4).serve(3).op(15, 5).op(17, 100, 0).serve(3).op(18, 0).op(18, 1)
         .op(20, 1).serve(3).op(19, 2).op(19, 0).serve(3).op(1, 0))
    put("fuzz_api", "identity-consent.bin", bytes(p.b))
    p = (Program(render=5).frame(0, 0, 8).op(11).op(12, 0, 12, 1, 0, 1, 6).op(16).op(11).op(13, 0, 1).op(16)
         .serve(3).op(16).op(33, 0))
    put("fuzz_api", "retry-after.bin", bytes(p.b))
    p = (Program(render=0).op(21, 0, 0, 1, 1, 5, 0, 30, 5).op(23, 0, 1).op(26, 0, 5, 0).op(27, 0, 100, 0, 0, 5, 6)
         .op(24, 0, 1).serve(5).op(15, 6).op(30, 0, 1).op(30, 0, 0).op(29, 0, 3, 2).op(32, 0, 8)
         .op(31, 0, 0, 0, 100, 0).op(31, 0, 1, 0, 100, 3, 100, 3).op(31, 0, 2, 0, 1, 100, 1).op(31, 0, 3, 0)
         .op(28, 0, 2, 0).op(28, 0, 3, 0).op(15, 7).op(22, 0))
    put("fuzz_api", "banner-carousel.bin", bytes(p.b))
    p = (Program(render=0).op(25, 30, 5).serve(1).op(21, 1, 1, 0, 1, 3, 0, 30, 5).op(23, 1, 17)
         .op(26, 1, 6, 1).op(24, 1, 1).serve(4).op(27, 1, 100, 0, 0, 5, 6).op(15, 6).op(32, 1, 2)
         .op(21, 2, 2, 0, 0, 0, 0, 30, 5).op(23, 2, 2).op(26, 2, 5, 0).op(24, 2, 0).serve(4).op(34, 0, 1))
    put("fuzz_api", "banner-list-tiles.bin", bytes(p.b))

    # Inline messages (IL-01..IL-10): a global delegate that keeps the views
    # `available` hands over, a "home" view that shows the automatic
    # campaign, every bridge method, a customMethod answered, the event
    # campaigns (one on the attached view, one in a view the engine makes),
    # explain, detach, a failed render, an on-demand render, wrong-kind and
    # stale handles.
    p = (Program(render=0).op(52, 4).op(44, 0x08).op(47, 2).op(36, 0, 30, 0).op(38, 0, 0x08).op(40, 0, 5, 10)
         .op(39, 0, 0).serve(2).op(41, 0, 3)
         .op(42, 0, 0).op(42, 0, 1).op(42, 0, 2).op(42, 0, 3).op(42, 0, 4).op(42, 0, 5).op(42, 0, 6).op(42, 0, 7)
         .op(43, 0, 1, 28).op(43, 210, 0, 0).op(45, 100, 0, 0, 27).serve(1).op(45, 100, 0, 1, 28).serve(1)
         .op(46, 30, 0).op(46, 30, 1).op(42, 0, 8).op(42, 0, 9).op(39, 0, 1).op(41, 0, 2, 0)
         .op(36, 2, 30, 3).op(38, 2, 0x38).op(40, 2, 6, 10).op(39, 2, 2).op(41, 2, 3)
         .op(53, 0, 0, 0).op(37, 1).op(33, 0).op(54, 0, 0, 0, 3).op(15, 13).op(16))
    put("fuzz_api", "inline-views.bin", bytes(p.b))
    # Re-entry from inline callbacks: a customMethod answered inside the
    # callback, a bridge message from the input, a view freed from its
    # render, then the engine freed from a render.
    raw = b'{"v":1,"id":9,"method":"customMethod","args":{"name":"x","params":{}}}'
    p = (Program(render=0).op(44, 0x0A).op(47, 5, 8).op(36, 0, 30, 0).op(38, 0, 0x0B).op(39, 0, 0).serve(2)
         .op(42, 0, 7).op(42, 0, 200, len(raw)).op(*raw).op(42, 0, 1)
         .op(36, 1, 30, 0).op(38, 1, 0x60).op(39, 1, 0).op(41, 1, 3)
         .op(36, 2, 30, 0).op(38, 2, 0x70).op(39, 2, 0).op(11))
    put("fuzz_api", "inline-reentry.bin", bytes(p.b))
    # The engine freed from inside custom_method.
    p = (Program(render=0).op(44, 0x8C).op(36, 0, 30, 0).op(38, 0, 0x08).op(39, 0, 0).serve(2).op(42, 0, 7).op(11))
    put("fuzz_api", "inline-free-in-method.bin", bytes(p.b))
    # Modal messages (IM-01..IM-07): a message presented, confirmed and
    # tapped; one by content_ref dismissed; two while in the background (the
    # newer waits and is presented at activation); a login withdraws it;
    # the same id again; the state exported and imported (as it is, with a
    # byte changed under a rewritten CRC-32, as version 2, truncated, none).
    p = (Program(render=0).op(52, 3).op(48, 0, 0, 0, 0x20).op(15, 0).op(49, 0, 0, 0).op(49, 1, 0, 1, 1)
         .op(48, 0, 1, 5, 0x08).op(15, 0).serve(1).op(15, 0).op(49, 2, 0, 0, 0)
         .op(19, 2).op(48, 0, 2, 9, 0x30).op(48, 0, 3, 8, 0x00).op(19, 0).op(17, 100, 0).op(48, 0, 0, 0, 0)
         .op(50).op(51, 0).op(51, 2, 20, 0x41).op(51, 4).op(51, 1, 3, 1).op(51, 3, 7).op(51, 6, 1)
         .op(48, 0, 3, 1, 0x41).op(49, 3, 220, 30, 0, 0).op(15, 0).op(49, 1, 0, 9, 1)
         .op(54, 0, 0, 0, 1))
    put("fuzz_api", "modal-messages.bin", bytes(p.b))
    # The host confirms inside present; a message waits while the
    # app is inactive and is presented when it is active again.
    p = (Program(render=1 << 3).op(48, 0, 0, 0, 0x10).op(15, 0).op(49, 1, 0, 0, 0).op(19, 1)
         .op(48, 0, 1, 1, 0).op(19, 0))
    put("fuzz_api", "modal-confirm-inside.bin", bytes(p.b))
    # The engine freed from inside present.
    p = Program(render=4 << 3).op(48, 0, 0, 0, 0x10).op(15, 0).op(11)
    put("fuzz_api", "modal-free-engine.bin", bytes(p.b))


# --- inline messages -------------------------------------------------------------

INLINE_CONTENT = b'{"template":{"html":"<p>inline</p>"}}'  # fuzz_inline.h FZI_CONTENT


def inline_campaign(id, key="home", trigger="automatic", event=None, priority=10, capping=None, **extra):
    c = {"id": id, "placement_key": key, "trigger": trigger, "priority": priority,
         "content": {"url": "https://cdn.invalid/%s.json" % id, "sha256": sha(INLINE_CONTENT)}}
    if event is not None:
        c["event"] = event
    if capping is not None:
        c["capping"] = capping
    c.update(extra)
    return c


def inline_campaigns_seeds():
    for name, data in fixtures("inline"):
        if name.startswith(("campaigns", "broken", "sdk")):
            put("fuzz_inline_campaigns", name, data)
    docs = {
        "triggers.json": [inline_campaign("auto"), inline_campaign("tile", key="footer", trigger="on_demand"),
                          inline_campaign("flash", trigger="event", event="cart_viewed", priority=1),
                          inline_campaign("thanks", key="footer", trigger="event", event="purchase", priority=2)],
        "capped.json": [inline_campaign("daily", priority=1, capping={"max_displays": 1, "period_ms": 86400000}),
                        inline_campaign("once", priority=2, capping={"max_displays": 1, "period_ms": None}),
                        inline_campaign("fallback", priority=9)],
        "windows.json": [inline_campaign("later", starts_at=1714600001000),
                         inline_campaign("ended", ends_at=1714599999000),
                         inline_campaign("v9", min_engine_version="9.0.0")],
    }
    for name, campaigns in docs.items():
        put("fuzz_inline_campaigns", name, compact({"server_time": 1714600000000, "campaigns": campaigns}))
    put("fuzz_inline_campaigns", "disabled.json", compact({"sdk_disabled": True}))


def inline_bridge_seeds():
    lines = [
        {"v": 1, "method": "ready"},
        {"v": 1, "id": 1, "method": "getComponentSize"},
        {"v": 1, "method": "setComponentSize", "args": {"width": 343, "height": 200.5}},
        {"v": 1, "method": "openUrl", "args": {"url": "https://shop.test/spring"}},
        {"v": 1, "id": 2, "method": "openDeeplink", "args": {"url": "javascript:alert(1)"}},
        {"v": 1, "method": "openDeeplink", "args": {"url": "myapp://cart"}},
        {"v": 1, "method": "handleCustomAction", "args": {"name": "share", "params": {"to": "friends"}}},
        {"v": 1, "id": 3, "method": "customMethod", "args": {"name": "getCoupon", "params": {"cart": "c-42"}}},
        {"v": 1, "id": 4, "method": "customMethod", "args": {"name": "slow"}},
        {"v": 1, "method": "closeAndTrigger", "args": {"action": "tapped", "params": {"sku": "A1"}, "label": "hero"}},
        {"v": 1, "method": "close"},
    ]
    put("fuzz_inline_bridge", "every-method.txt", b"\n".join(compact(line) for line in lines))
    put("fuzz_inline_bridge", "close-then-more.txt", b"\n".join(compact(line) for line in (lines[9], lines[1], lines[7])))
    put("fuzz_inline_bridge", "bad.txt", b'not json\n{"v":2,"id":5,"method":"close"}\n{"v":1,"id":6,"method":"explode"}\n'
        b'{"v":1,"method":"customMethod","args":{"name":"no id"}}')
    for name, data in fixtures("inline"):
        if name.startswith("bridge_"):
            put("fuzz_inline_bridge", name, data)


def state_payload(sections):
    """StateBlob.swift's payload: varint section count, then per section
    name, has-user [user], entry count, per entry key, value count, zigzag
    varints (strings: varint length + UTF-8)."""

    def varint(value):
        out = bytearray()
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)
        return bytes(out)

    def string(text):
        data = text.encode()
        return varint(len(data)) + data

    payload = bytearray(varint(len(sections)))
    for name, user, entries in sections:
        payload += string(name)
        payload += b"\x01" + string(user) if user is not None else b"\x00"
        payload += varint(len(entries))
        for key, values in entries:
            payload += string(key) + varint(len(values))
            for v in values:
                payload += varint(((v << 1) ^ (v >> 63)) & 0xFFFFFFFFFFFFFFFF)
    return bytes(payload)


def state_blob(sections):
    """The whole blob: "FRST", version 1, reserved 0, payload length, CRC-32, payload."""
    import zlib
    payload = state_payload(sections)
    return b"FRST" + struct.pack("<HHII", 1, 0, len(payload), zlib.crc32(payload)) + payload


# fuzz_state_blob.c: the first byte says how the rest becomes a blob. Low
# three bits 0: the rest is the blob as it is; else the rest is the payload
# and the harness writes the header, spoiling one field when the upper five
# bits are 26...31 (CRC, length, reserved, version 0, version 2, magic).
STATE_FRAMED = 0x01
STATE_RAW = 0x00
STATE_SPOILED = {"crc": 26, "length": 27, "reserved": 28, "version0": 29, "version2": 30, "magic": 31}


def state_blob_seeds():
    caps_users = [
        ("inline.caps", None, [("daily", [999000, 1000000]), ("once", [5])]),
        ("inline.caps", "ada", [("daily", [-86400000, 0]), ("once", [1000000])]),
        ("inline.caps", "bob", [("daily", [1000000])]),
        ("inline.caps", "carol", [("daily", [1, 2]), ("once", [3]), ("weekly", [4, 5, 6])]),
    ]
    shown = ("messages.shown", None, [("m-1", [999000, 1714550400000]), ("m-2", [1000000, 1714550400001]),
                                      ("msg-2024-05-01-spring", [5, 1714550400000])])
    horizon = ("messages.horizon", None, [("m-old", [1000])])
    seeds = {
        "empty": [],
        "caps": caps_users[:2],
        "caps-users": caps_users,
        "messages": [shown, horizon],
        "everything": caps_users + [shown, horizon],
        "foreign-section": [("other.module", None, [("k", [1])]), ("messages.shown", "ada", [("m1", [1, 2])])],
        "repeated-campaign": [("inline.caps", None, [("daily", [1]), ("daily", [2])])],
        "repeated-user": [caps_users[2], caps_users[2]],
        "extremes": [("inline.caps", "u", [("x", [-(2 ** 63), 2 ** 63 - 1, 0])])],
        "shown-one-value": [("messages.shown", None, [("m-1", [1])])],
        "horizon-two": [horizon, ("messages.horizon", None, [("m-new", [2000]), ("m-newer", [3000])])],
    }
    for name, sections in seeds.items():
        put("fuzz_state_blob", name + ".bin", bytes([STATE_FRAMED]) + state_payload(sections))
    for name in ("empty", "caps", "everything"):
        put("fuzz_state_blob", "raw-" + name + ".bin", bytes([STATE_RAW]) + state_blob(seeds[name]))
    for field, spoil in STATE_SPOILED.items():
        put("fuzz_state_blob", "spoiled-" + field + ".bin",
            bytes([spoil << 3 | STATE_FRAMED]) + state_payload(seeds["everything"]))


def message_seeds():
    """fuzz_message: the message fixtures (pushes and a content document)
    and variants near the limits; each input is tried as a notification
    and as referenced content."""
    for name, data in fixtures("messages"):
        put("fuzz_message", name, data)
    text = lambda t, **kw: dict({"text": t}, **kw)
    message = {"id": "fz-1", "sent_at": 1714550400000, "campaign_id": "c", "variant_id": "v",
               "content": {"background_color": "#FFFFFF80",
                           "image": {"url": "https://cdn.test/i.png", "alt": "alt"},
                           "title": text("T", color="#112233", font={"name": "Even", "size": 200}),
                           "body": text("B", font={"name": "Odd", "size": 1}),
                           "buttons": [{"label": text("a"), "url": "https://x.test/a"},
                                       {"label": text("b"), "url": "myapp://b"},
                                       {"label": text("c")}, {"label": text("d"), "url": "tel:1"}]}}
    put("fuzz_message", "four-buttons.json", compact({"frames_message": message}))
    put("fuzz_message", "as-string.json", compact({"frames_message": json.dumps(message)}))
    put("fuzz_message", "for-a-user.json", compact({"frames_message": dict(message, user_id="u")}))
    put("fuzz_message", "content-only.json", compact(message["content"]))
    big = dict(message, content={"title": text("x" * 4096)})
    put("fuzz_message", "text-at-cap.json", compact({"frames_message": big}))
    # IM-01: a member named with escapes is still the message; bytes that
    # are not JSON claim to be one only by containing "frames_message"; too
    # large is an error only for a payload that contains it.
    put("fuzz_message", "escaped-key.json", b'{"frames\\u005fmessage":{"id":"e","sent_at":1}}')
    put("fuzz_message", "not-json-claims.txt", b'broken "frames_message" push')
    put("fuzz_message", "not-json-other.txt", b'{"aps":{"alert":"hi"}')
    pad = "p" * 16400
    put("fuzz_message", "too-large-claims.json", compact({"pad": pad, "frames_message": message}))
    put("fuzz_message", "too-large-other.json", compact({"pad": pad, "aps": {"content-available": 1}}))


def main() -> int:
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    config_seeds()
    placements_seeds()
    content_seeds()
    banner_seeds()
    layout_seeds()
    api_seeds()
    inline_campaigns_seeds()
    inline_bridge_seeds()
    state_blob_seeds()
    message_seeds()
    for target in sorted(os.listdir(OUT)):
        print("%-18s %d seeds" % (target, len(os.listdir(os.path.join(OUT, target)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
