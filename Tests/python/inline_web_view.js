// A minimal "web view" for the bridge tests (IL-08): node runs the bridge
// script the library ships inside a sandbox with a `window`, and talks to
// the Python test over stdin/stdout, one JSON object per line.
//
//   argv[2]                 the bridge script to inject
//   stdin  {"run": code}    run content code in the page (it may call log(x))
//          {"reply": text}  SRInApp._receive(text), as a host does with a reply
//          {"transport": true}   define window.framesPostMessage now (late transport)
//   stdout {"post": text}   a message the bridge posted to the host
//          {"log": text}    what content code logged
//          {"done": true}   the command and the promises it settled are done
"use strict";
const fs = require("fs");
const vm = require("vm");
const readline = require("readline");

function out(object) {
    process.stdout.write(JSON.stringify(object) + "\n");
}

const events = [];
const window = {
    log: (text) => out({ log: String(text) }),
    Event: function (type) { this.type = type; },
    dispatchEvent: (event) => { events.push(event.type); out({ log: "event " + event.type }); },
    Promise: Promise,
    JSON: JSON,
};
if (process.argv[3] !== "late") window.framesPostMessage = (text) => out({ post: text });
window.window = window;
const context = vm.createContext(window);
const bridge = fs.readFileSync(process.argv[2], "utf8");
vm.runInContext(bridge, context, { filename: "frames-inline-bridge.js" });

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
    const command = JSON.parse(line);
    try {
        if (command.run !== undefined) vm.runInContext(command.run, context);
        if (command.reply !== undefined) {
            if (!vm.runInContext("SRInApp._receive", context)(command.reply)) out({ log: "reply not matched" });
        }
        if (command.transport) {
            window.framesPostMessage = (text) => out({ post: text });
            vm.runInContext("SRInApp._flush()", context);
        }
    } catch (error) {
        out({ log: "threw " + error.message });
    }
    // Promise callbacks run before the macrotask.
    setImmediate(() => out({ done: true }));
});
