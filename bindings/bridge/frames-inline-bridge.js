/*
 * frames-inline-bridge.js — the JavaScript bridge of libframes' inline
 * in-app messages (SPEC IL-08, IL-09). A host injects it into the web view
 * that draws a view's content, before the content's own scripts run.
 *
 * It defines `window.SRInApp`, the interface the content calls:
 *
 *   SRInApp.getComponentSize()                 -> Promise<{width, height}> (dp)
 *   SRInApp.setComponentSize(width, height)    the host decides the layout
 *   SRInApp.close()                            discard, then removal
 *   SRInApp.closeAndTrigger(action, params, label)
 *   SRInApp.openUrl(url)                       passes the host's allow-list or is refused
 *   SRInApp.openDeeplink(url)
 *   SRInApp.handleCustomAction(name, params)
 *   SRInApp.customMethod(name, params)         -> Promise<result> (rejects on failure)
 *
 * Each call becomes one JSON envelope, {"v":1,"id":N,"method":"...",
 * "args":{...}} — id 0 when no answer comes back; otherwise ids count up
 * from a random start per page load, so an answer meant for the page
 * before a reload settles nothing — posted as text to the
 * host, which forwards it unchanged to
 * frames_inline_view_report_bridge_message (Python:
 * InlineView.report_bridge_message). The engine's replies come back
 * through the view delegate's `reply`; the host passes each one, as text,
 * to `SRInApp._receive(text)` in this web view, which settles the promise
 * of that id. docs/wire-format.md has the envelope and the replies.
 *
 * How text reaches the host, first that exists:
 *   window.framesPostMessage(text)                       a function the host defines
 *   window.webkit.messageHandlers.frames.postMessage(text)   WKWebView
 *   window.FramesBridge.postMessage(text)                Android addJavascriptInterface
 *   window.chrome.webview.postMessage(text)              WebView2
 * Messages posted before any of them exists wait and are sent, in order,
 * once one does (checked on every call and by SRInApp._flush()).
 *
 * When loaded it posts a "ready" message and dispatches the event
 * "srinappready" on window, so content that loaded first can wait for it.
 * Injecting it twice keeps the first copy.
 */
(function (global) {
    "use strict";
    if (global.SRInApp && global.SRInApp.__framesBridge) return;

    var VERSION = 1;
    var nextId = firstId();
    var pending = {};
    var queue = [];

    /* Call ids start at a random point of each page load: when the web
     * view reloads (its web context reset) the engine may still answer a
     * call of the old page, and that answer must not settle a call of the
     * new page that got the same id. Below 2^52 + 1, so 2^52 further calls
     * stay within the envelope's largest id, 2^53 - 1. */
    function firstId() {
        var crypto = global.crypto;
        if (crypto && typeof crypto.getRandomValues === "function") {
            var words = new Uint32Array(2);
            crypto.getRandomValues(words);
            return (words[0] % 0x100000) * 0x100000000 + words[1] + 1;
        }
        return Math.floor(Math.random() * 0x10000000000000) + 1;
    }

    function transport() {
        if (typeof global.framesPostMessage === "function") {
            return function (text) { global.framesPostMessage(text); };
        }
        var webkit = global.webkit;
        if (webkit && webkit.messageHandlers && webkit.messageHandlers.frames) {
            return function (text) { webkit.messageHandlers.frames.postMessage(text); };
        }
        if (global.FramesBridge && typeof global.FramesBridge.postMessage === "function") {
            return function (text) { global.FramesBridge.postMessage(text); };
        }
        if (global.chrome && global.chrome.webview && typeof global.chrome.webview.postMessage === "function") {
            return function (text) { global.chrome.webview.postMessage(text); };
        }
        return null;
    }

    function flush() {
        var send = transport();
        if (!send) return false;
        while (queue.length > 0) send(queue.shift());
        return true;
    }

    function post(id, method, args) {
        queue.push(JSON.stringify({ v: VERSION, id: id, method: method, args: args }));
        flush();
    }

    /* A call whose answer comes back: a promise settled by _receive. */
    function call(method, args) {
        var id = nextId++;
        return new Promise(function (resolve, reject) {
            pending[id] = { resolve: resolve, reject: reject };
            post(id, method, args);
        });
    }

    function notify(method, args) {
        post(0, method, args);
    }

    /* Only own, plain members: what the engine's schema accepts. */
    function withOptional(args, key, value) {
        if (value !== undefined && value !== null) args[key] = value;
        return args;
    }

    function receive(text) {
        var reply;
        try {
            reply = typeof text === "string" ? JSON.parse(text) : text;
        } catch (e) {
            return false;
        }
        if (!reply || reply.v !== VERSION || typeof reply.id !== "number") return false;
        var waiting = pending[reply.id];
        if (!waiting) return false;
        delete pending[reply.id];
        if (reply.ok) {
            waiting.resolve(reply.result);
        } else {
            var error = new Error((reply.error && reply.error.message) || "failed");
            error.code = (reply.error && reply.error.code) || "failed";
            waiting.reject(error);
        }
        return true;
    }

    global.SRInApp = {
        getComponentSize: function () {
            return call("getComponentSize", {});
        },
        setComponentSize: function (width, height) {
            notify("setComponentSize", { width: Number(width), height: Number(height) });
        },
        close: function () {
            notify("close", {});
        },
        closeAndTrigger: function (action, params, label) {
            notify("closeAndTrigger", withOptional(withOptional({ action: String(action) }, "params", params),
                                                   "label", label === undefined || label === null ? label : String(label)));
        },
        openUrl: function (url) {
            notify("openUrl", { url: String(url) });
        },
        openDeeplink: function (url) {
            notify("openDeeplink", { url: String(url) });
        },
        handleCustomAction: function (name, params) {
            notify("handleCustomAction", withOptional({ name: String(name) }, "params", params));
        },
        customMethod: function (name, params) {
            return call("customMethod", withOptional({ name: String(name) }, "params", params));
        },
        /* For the host: a reply of the engine, as its JSON text. */
        _receive: receive,
        /* For the host: send what waits for a transport defined late. */
        _flush: flush,
        __framesBridge: VERSION
    };

    notify("ready", {});
    if (typeof global.dispatchEvent === "function" && typeof global.Event === "function") {
        global.dispatchEvent(new global.Event("srinappready"));
    }
})(typeof window !== "undefined" ? window : this);
