import Demos
import Foundation
import Testing

@Suite struct RawPathTests {
    @Test func bytesThatAreNotUTF8AreShownEscapedAndKept() {
        let p = RawPath(bytes: Array("dir".utf8) + [0xE9] + Array("/caf".utf8) + [0xC3, 0xA9] + Array(".JPG".utf8))
        #expect(p.description == "dir\\xE9/café.JPG")
        #expect(!p.isUTF8)
        #expect(p.lastComponent.description == "café.JPG")
        #expect(p.parent.bytes == Array("dir".utf8) + [0xE9])
        #expect(p.lowercasedExtension == "jpg")
        #expect(p.parent.appending(p.lastComponent) == p)
        p.withCString { #expect(strlen($0) == p.bytes.count) }
    }

    @Test func controlCharactersOverlongFormsAndSurrogatesAreEscaped() {
        #expect(RawPath(bytes: [0x61, 0x1B, 0x5B, 0x32, 0x4A]).description == "a\\x1B[2J")
        #expect(RawPath(bytes: [0xC0, 0xAF]).description == "\\xC0\\xAF") // an overlong "/"
        #expect(RawPath(bytes: [0xED, 0xA0, 0x80]).description == "\\xED\\xA0\\x80") // a surrogate
        #expect(RawPath(bytes: [0xC2, 0x85]).description == "\\xC2\\x85") // NEL, a C1 control
        #expect(RawPath(bytes: [0xF0, 0x9F, 0x91, 0xA9]).description == "👩")
        #expect(RawPath(bytes: [0xF0, 0x9F, 0x91]).description == "\\xF0\\x9F\\x91") // cut short
        #expect(RawPath("dir\\xE9").description == "dir\\\\xE9", "a backslash of the name is not an escape")
        #expect(RawPath("a\u{202E}gpj.exe").description == "a\\xE2\\x80\\xAEgpj.exe", "a right-to-left override")
    }

    @Test func componentsOfEdgeCases() {
        #expect(RawPath("/").lastComponent == "/" && RawPath("/a").parent == "/")
        #expect(RawPath("a").parent.bytes.isEmpty && RawPath("dir//").withoutTrailingSlashes == "dir")
        #expect(RawPath(".hidden").lowercasedExtension == "" && RawPath("x.tar.GZ").lowercasedExtension == "gz")
        #expect(RawPath("").appending("b") == "b" && RawPath("a/").appending("b") == "a/b")
    }
}
