import Testing
@testable import FramesCore

private func config(_ relative: String) throws(FramesError) -> HostConfiguration {
    try HostConfiguration.parse(WireFixtures.bytes("config/" + relative))
}

@Suite("Host configuration document: App Frames opt-in (AF-01)")
struct HostConfigurationTests {
    @Test("AF-01 a realistic Info.plist with Insider → App Frames Enabled = <true/> enables App Frames")
    func plistEnabled() throws {
        let c = try config("Info-enabled.plist")
        #expect(c.format == .propertyList)
        #expect(c.appFramesEnabled)
    }

    @Test("AF-01 JSON with Insider → App Frames Enabled = true enables App Frames")
    func jsonEnabled() throws {
        let c = try config("config-enabled.json")
        #expect(c.format == .json)
        #expect(c.appFramesEnabled)
    }

    @Test("AF-01 a top-level App Frames Enabled is ignored (plist and JSON)")
    func misplaced() throws {
        #expect(try config("Info-misplaced-top-level.plist").appFramesEnabled == false)
        #expect(try config("config-misplaced-top-level.json").appFramesEnabled == false)
    }

    @Test("AF-01 the string \"YES\" is not a Boolean: off (plist and JSON)")
    func stringYes() throws {
        #expect(try config("Info-string-yes.plist").appFramesEnabled == false)
        #expect(try config("config-string-yes.json").appFramesEnabled == false)
    }

    @Test("AF-01 the number 1 is not a Boolean: off (plist and JSON)")
    func integerOne() throws {
        #expect(try config("Info-integer-one.plist").appFramesEnabled == false)
        #expect(try config("config-integer-one.json").appFramesEnabled == false)
    }

    @Test("AF-01 false and absence mean off, silently")
    func falseAndAbsent() throws {
        #expect(try config("Info-false.plist").appFramesEnabled == false)
        #expect(try config("Info-absent.plist").appFramesEnabled == false)
        #expect(try HostConfiguration.parse("{}").appFramesEnabled == false)
        #expect(try HostConfiguration.parse("[]").appFramesEnabled == false)
        #expect(try HostConfiguration.parse(#"{"Insider": true}"#).appFramesEnabled == false)
        #expect(try HostConfiguration.parse(#"{"Insider": {"App Frames Enabled": "true"}}"#).appFramesEnabled == false)
        #expect(try HostConfiguration.parse(#"{"insider": {"App Frames Enabled": true}}"#).appFramesEnabled == false)
        #expect(try HostConfiguration.parse(#"{"Insider": {"app frames enabled": true}}"#).appFramesEnabled == false)
        let plistArray = #"<plist version="1.0"><array><dict><key>Insider</key><dict><key>App Frames Enabled</key><true/></dict></dict></array></plist>"#
        #expect(try HostConfiguration.parse(plistArray).appFramesEnabled == false)
    }

    @Test("AF-01 the Info.plist is read completely: every element kind is decoded")
    func plistContent() throws {
        let value = try XMLPropertyListReader(limits: .hostConfiguration).parse(WireFixtures.bytes("config/Info-enabled.plist"))
        #expect(value["CFBundleDisplayName"] == .string("Shop & Go"))
        #expect(value["NSCameraUsageDescription"] == .string("Scan a product's barcode to find it in the catalogue (<1 s)."))
        #expect(value["NSLocationWhenInUseUsageDescription"] == .string("Find the store nearest to you — we never share it."))
        #expect(value["LSRequiresIPhoneOS"] == .bool(true))
        #expect(value["MinimumOSVersion"] == .real(11.0))
        #expect(value["BuildNumber"] == .integer(4120))
        #expect(value["BuildTimestamp"] == .date("2024-05-01T12:00:00Z"))
        #expect(value["PushCertificateFingerprint"] == .data([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(value["UIBackgroundModes"] == .array([.string("remote-notification"), .string("fetch")]))
        let scenes = value["UIApplicationSceneManifest"]?["UISceneConfigurations"]?["UIWindowSceneSessionRoleApplication"]
        guard case .array(let roles)? = scenes, let first = roles.first else {
            Issue.record("scene manifest not decoded")
            return
        }
        #expect(first["UISceneStoryboardFile"] == .string("Main"))
        #expect(value["Insider"]?["Partner Name"] == .string("shopandgo"))
    }

    @Test("AF-01 property-list syntax: entities, CDATA, comments, empty elements, BOM")
    func plistSyntax() throws {
        let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- c --><plist><dict><key>a&#x41;&#66;</key><string><![CDATA[<x>]]>&quot;&apos;</string>"
            + "<key>e</key><string/><key>d</key><dict/><key>arr</key><array/><key>t</key><true></true>"
            + "<!-- inside --><key>Insider</key><dict><key>App Frames Enabled</key><true/></dict></dict></plist>\n"
        let value = try XMLPropertyListReader(limits: .hostConfiguration).parse(text)
        #expect(value["aAB"] == .string("<x>\"'"))
        #expect(value["e"] == .string(""))
        #expect(value["d"] == .dictionary([]))
        #expect(value["arr"] == .array([]))
        #expect(value["t"] == .bool(true))
        #expect(try HostConfiguration.parse(text).appFramesEnabled)
    }

    @Test("AF-01 an unparseable document throws, naming the problem and offset")
    func unparseable() {
        let cases: [(String, String)] = [
            ("", "empty"),
            ("   ", "empty"),
            ("{\"Insider\": {", "unterminated"),
            ("<plist><dict><key>a</key></dict></plist>", "expected a value"),
            ("<plist><dict><string>a</string></dict></plist>", "expected <key>"),
            ("<plist><dict><key>a</key><string>x</dict></plist>", "expected </string>"),
            ("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>", "duplicate key"),
            ("<plist><dict/></plist> junk", "trailing data"),
            ("<plist><dict/>", "unexpected end"),
            ("<plist><foo/></plist>", "unknown element <foo>"),
            ("<plist><string>&nbsp;</string></plist>", "unknown entity"),
            ("<plist><string>&#xD800;</string></plist>", "invalid character reference"),
            ("<plist><string>a\u{1}</string></plist>", "control character"),
            ("<plist><integer>1.5</integer></plist>", "<integer>"),
            ("<plist><integer>99999999999999999999</integer></plist>", "64 bits"),
            ("<plist><real>nan</real></plist>", "<real>"),
            ("<plist><real>1e999</real></plist>", "overflows"),
            ("<plist><date>yesterday</date></plist>", "<date>"),
            ("<plist><data>!!!!</data></plist>", "base64"),
            ("<plist><true>x</true></plist>", "must be empty"),
            ("<!DOCTYPE plist [<!ENTITY x \"y\">]><plist><true/></plist>", "internal subset"),
            ("<dict></dict>", "expected <plist>"),
            ("<plist><key>a</key></plist>", "<key> outside"),
            ("<plist><string>a</plist>", "expected </string>"),
        ]
        for (text, fragment) in cases {
            let error = thrownError { () throws(FramesError) in try HostConfiguration.parse(text) }
            #expect(error?.code == .invalidArgument, "accepted: \(text)")
            #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "nil") lacks \(fragment)")
            #expect(error?.message.hasPrefix("configuration: ") == true)
        }
        let utf8 = thrownError { () throws(FramesError) in try HostConfiguration.parse([UInt8]("<plist><string>".utf8) + [0xC3, 0x28] + [UInt8]("</string></plist>".utf8)) }
        #expect(utf8?.message.contains("invalid UTF-8 at byte offset 15") == true)
    }

    @Test("AF-01 property-list limits: depth, text bytes, dict entries at cap-1, cap, cap+1")
    func plistLimits() {
        let limits = PayloadLimits(maxBytes: 10_000, maxDepth: 3, maxStringBytes: 5, maxElements: 2)
        func parses(_ text: String) -> FramesError? {
            thrownError { () throws(FramesError) in try XMLPropertyListReader(limits: limits).parse(text) }
        }
        for (depth, ok) in [(2, true), (3, true), (4, false)] {
            let text = "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "</plist>"
            let error = parses(text)
            #expect((error == nil) == ok, "depth \(depth)")
            if let error { #expect(error.message.contains("nesting depth 4 exceeds the limit of 3")) }
        }
        for (length, ok) in [(4, true), (5, true), (6, false)] {
            let error = parses("<plist><string>" + String(repeating: "&amp;", count: length) + "</string></plist>")
            #expect((error == nil) == ok, "length \(length)")
            if let error { #expect(error.message.contains("text of 6 bytes exceeds the limit of 5 bytes")) }
        }
        for (count, ok) in [(1, true), (2, true), (3, false)] {
            let entries = (0..<count).map { "<key>k\($0)</key><true/>" }.joined()
            let error = parses("<plist><dict>" + entries + "</dict></plist>")
            #expect((error == nil) == ok, "count \(count)")
            if let error { #expect(error.message.contains("more than the limit of 2 entries")) }
            let items = String(repeating: "<false/>", count: count)
            #expect((parses("<plist><array>" + items + "</array></plist>") == nil) == ok)
        }
        let big = PayloadLimits(maxBytes: 20, maxDepth: 3, maxStringBytes: 5, maxElements: 2)
        let tooBig = thrownError { () throws(FramesError) in try HostConfiguration.parse("<plist><true/></plist>", limits: big) }
        #expect(tooBig?.message.contains("document of 22 bytes exceeds the limit of 20 bytes") == true)
    }
}
