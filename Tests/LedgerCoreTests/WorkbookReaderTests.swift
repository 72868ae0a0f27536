import XCTest
@testable import LedgerCore

/// The statement readers' parts (issue 47): SHA-512 and AES against their
/// published vectors, inflate against known streams and its bounds, the
/// cell values (shortest decimals, the 1900 leap-year quirk), the XML and
/// HTML readers on hostile input, and format detection by content.
final class WorkbookReaderTests: XCTestCase {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
    func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = [], chars = Array(hex)
        while chars.count >= 2 { out.append(UInt8(String(chars[0...1]), radix: 16)!); chars.removeFirst(2) }
        return out
    }

    /// FIPS 180-4's examples ("abc", the empty string, the two-block message).
    func testSHA512Vectors() {
        XCTAssertEqual(hex(SHA512.hash(Array("abc".utf8))),
                       "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        XCTAssertEqual(hex(SHA512.hash([])),
                       "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e")
        let long = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        XCTAssertEqual(hex(SHA512.hash(Array(long.utf8))),
                       "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")
        // Lengths around the padding's edges (111, 112, 127, 128 bytes) against Python's hashlib.
        XCTAssertEqual(hex(SHA512.hash(Array(repeating: 0x61, count: 111))).prefix(16), "fa9121c7b32b9e01")
        XCTAssertEqual(hex(SHA512.hash(Array(repeating: 0x61, count: 112))).prefix(16), "c01d080efd492776")
        XCTAssertEqual(hex(SHA512.hash(Array(repeating: 0x61, count: 128))).prefix(16), "b73d1929aa615934")
    }

    /// FIPS 197 appendix C: one block with 128-, 192- and 256-bit keys; SP 800-38A's CBC vector.
    func testAESVectors() {
        let cases = [
            ("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
            ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
            ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"),
        ]
        for (key, cipher) in cases {
            var block = bytes(cipher)
            AES(key: bytes(key))!.decryptBlock(&block)
            XCTAssertEqual(hex(block), "00112233445566778899aabbccddeeff", key)
        }
        let cbc = AES(key: bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))!
        let plain = cbc.decryptCBC(bytes("f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d")[...], iv: bytes("000102030405060708090a0b0c0d0e0f"))
        XCTAssertEqual(hex(plain), "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51")
        XCTAssertNil(AES(key: [1, 2, 3]))
    }

    /// Streams zlib wrote: fixed and dynamic Huffman blocks, a stored block.
    func testInflate() throws {
        // "hello hello hello hello\n" deflated (raw, fixed Huffman with a back-reference).
        let fixed = bytes("cb48cdc9c957c8402701")
        XCTAssertEqual(String(decoding: try Inflate.inflate(fixed[...], limit: 100), as: UTF8.self), "hello hello hello hello")
        // A stored block: BFINAL, type 0, LEN 3, NLEN, "abc".
        let stored: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]
        XCTAssertEqual(try Inflate.inflate(stored[...], limit: 100), Array("abc".utf8))
        // The limit holds: the same stream with room for 5 bytes is refused.
        XCTAssertThrowsError(try Inflate.inflate(fixed[...], limit: 5))
        // Truncated, and a damaged stored length.
        XCTAssertThrowsError(try Inflate.inflate(fixed.dropLast(3), limit: 100))
        XCTAssertThrowsError(try Inflate.inflate([0x01, 0x03, 0x00, 0x00, 0x00, 0x61][...], limit: 100))
        // A dynamic Huffman block (Python's zlib, level 9) gives back its text exactly.
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/statements")
        let dynamic = try [UInt8](Data(contentsOf: dir.appendingPathComponent("inflate-dynamic.bin")))
        XCTAssertEqual((dynamic[0] >> 1) & 3, 2)
        XCTAssertEqual(try Inflate.inflate(dynamic[...], limit: 1 << 20), try [UInt8](Data(contentsOf: dir.appendingPathComponent("inflate-dynamic.txt"))))
    }

    /// A workbook's number is its shortest decimal; a date cell counts from 1900
    /// with Excel's fictitious 1900-02-29.
    func testCellValues() {
        XCTAssertEqual(CellText.number("0.30000000000000004"), "0.30000000000000004")
        XCTAssertEqual(CellText.number(0.1 + 0.2), "0.30000000000000004")
        XCTAssertEqual(CellText.number("1234.5"), "1234.5")
        XCTAssertEqual(CellText.number("1.2345E+3"), "1234.5")
        XCTAssertEqual(CellText.number("5800"), "5800")
        XCTAssertEqual(CellText.number("-0.000015"), "-0.000015")
        XCTAssertEqual(CellText.number(1e21), "1000000000000000000000")
        XCTAssertEqual(CellText.number(12000.0), "12000")
        XCTAssertEqual(CellText.date(1, from1904: false), "1900-01-01")
        XCTAssertEqual(CellText.date(59, from1904: false), "1900-02-28")
        XCTAssertEqual(CellText.date(60, from1904: false), "1900-02-29")
        XCTAssertEqual(CellText.date(61, from1904: false), "1900-03-01")
        XCTAssertEqual(CellText.date(45718, from1904: false), "2025-03-02")
        XCTAssertEqual(CellText.date(45718.5, from1904: false), "2025-03-02 12:00:00")
        XCTAssertEqual(CellText.date(45351, from1904: false), "2024-02-29")
        XCTAssertEqual(CellText.date(0, from1904: true), "1904-01-01")
        XCTAssertNil(CellText.date(-1, from1904: false))
        XCTAssertTrue(CellText.isDateFormat(id: 14, code: nil))
        XCTAssertTrue(CellText.isDateFormat(id: 176, code: "yyyy\"년\" mm\"월\" dd\"일\""))
        XCTAssertTrue(CellText.isDateFormat(id: 177, code: "[$-412]yyyy-mm-dd"))
        XCTAssertFalse(CellText.isDateFormat(id: 178, code: "#,##0\"원\""))
        XCTAssertFalse(CellText.isDateFormat(id: 3, code: nil))
    }

    /// The XML reader: entities, character references, CDATA; no DTD, no other entity, bounded nesting.
    func testXMLReader() throws {
        var x = XMLScanner(Array("<?xml version=\"1.0\"?><a k=\"1 &amp; 2\"><t>&lt;주&gt;&#44;&#x41;</t><![CDATA[<raw>]]><b/></a>".utf8), part: "test")
        var events: [XMLScanner.Event] = []
        while let e = try x.next() {
            events.append(e)
            if case .start("a", _) = e { XCTAssertEqual(try x.attribute("k"), "1 & 2") }
        }
        XCTAssertEqual(events, [.start(name: "a", empty: false), .start(name: "t", empty: false), .text("<주>,A"), .end(name: "t"),
                                .text("<raw>"), .start(name: "b", empty: true), .end(name: "a")])
        func fails(_ text: String) {
            var x = XMLScanner(Array(text.utf8), part: "test")
            XCTAssertThrowsError(try { while try x.next() != nil {} }(), text)
        }
        fails("<!DOCTYPE a [<!ENTITY x \"xx\">]><a>&x;</a>")
        fails("<a>&bogus;</a>")
        fails(String(repeating: "<a>", count: 100))
        fails("<a b=\"1")
    }

    /// HTML as banks save it: rows and cells, `<br>`, entities, colspan, script left out, EUC-KR.
    func testHTMLTables() throws {
        let page = "<html><head><meta charset=\"utf-8\"><script>var x = '<tr><td>no</td></tr>';</script></head><body><table>"
            + "<tr><th>거래<br>일자</th><th colspan=2>금액</th><th>비고</th></tr>"
            + "<tr><td> 2025-03-02 </td><td>5,800</td><td>&nbsp;</td><td>A &amp; B &#39;x&#39;</td></tr></table></body></html>"
        let rows = try HTMLTables.rows(Array(page.utf8))
        XCTAssertEqual(rows, [["거래\n일자", "금액", "", "비고"], ["2025-03-02", "5,800", "", "A & B 'x'"]])
        XCTAssertEqual(StatementFormat.of(Array(page.utf8)), .html)
    }

    /// Detection reads content, never the name.
    func testFormatByContent() {
        XCTAssertEqual(StatementFormat.of(Array("date,amount\n2025-01-01,5\n".utf8)), .csv)
        XCTAssertEqual(StatementFormat.of([0x50, 0x4B, 0x03, 0x04, 0, 0]), .xlsx)
        XCTAssertEqual(StatementFormat.of(Array("\u{FEFF}  <TABLE><tr><td>1</td></tr></TABLE>".utf8)), .html)
        XCTAssertEqual(StatementFormat.of([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 600)), .xls)
        XCTAssertEqual("１２，０００원 （주）".asciiForms, "12,000원 (주)")
    }

    /// Issue 56: what a hostile workbook asks for is bounded by what the
    /// reader makes, not by the file's size, and no value traps.
    func testHostileCellsAreBoundedAndNeverTrap() throws {
        func sheet(_ cells: String) -> [UInt8] { Array("<worksheet><sheetData>\(cells)</sheetData></worksheet>".utf8) }
        // A column reference past XFD (it overflowed an Int) is an error.
        XCTAssertThrowsError(try XLSXWorkbook.cells(sheet("<row r=\"1\"><c r=\"ZZZZZZZZZZZZZZ1\"><v>1</v></c></row>"), part: "s", strings: [], dateStyles: [], from1904: false))
        // A style of -1 is no style.
        XCTAssertEqual(try XLSXWorkbook.cells(sheet("<row r=\"1\"><c r=\"A1\" s=\"-1\"><v>45000</v></c></row>"), part: "s", strings: [], dateStyles: [true], from1904: false), [["45000"]])
        // One 131 KB shared string referenced by 600 cells is 78 MB of text: refused, naming the bound.
        let big = String(repeating: "가", count: 131_072 / 3)
        let many = (1...600).map { "<row r=\"\($0)\"><c r=\"A\($0)\" t=\"s\"><v>0</v></c></row>" }.joined()
        XCTAssertThrowsError(try XLSXWorkbook.cells(sheet(many), part: "s", strings: [big], dateStyles: [], from1904: false)) { error in
            XCTAssertTrue((error as? StatementFormatError)?.message.contains("more than 64 MB of text") == true, "\(error)")
        }
        // A cell at column XFD in each row pads it with 16,383 empty cells: 250 such rows pass 4,000,000 cells.
        let wide = (1...250).map { "<row r=\"\($0)\"><c r=\"XFD\($0)\"><v>1</v></c></row>" }.joined()
        XCTAssertThrowsError(try XLSXWorkbook.cells(sheet(wide), part: "s", strings: [], dateStyles: [], from1904: false)) { error in
            XCTAssertTrue((error as? StatementFormatError)?.message.contains("more than 4000000 cells") == true, "\(error)")
        }
        // So does a colspan of 16,384 in an HTML page.
        let page = "<table>" + String(repeating: "<tr><td colspan=16384>x</td></tr>", count: 250) + "</table>"
        XCTAssertThrowsError(try HTMLTables.rows(Array(page.utf8)))
        // A negative spin count derives nothing, and never traps.
        XCTAssertEqual(SHA512.spin(Array(repeating: 7, count: 64), count: -1), Array(repeating: 7, count: 64))
    }

    /// Excel 2003 XML (issue 55): sheets by name, `ss:Index` for skipped rows
    /// and cells, `ss:MergeAcross`, DateTime and Number data, nested formatting.
    func testSpreadsheetML() throws {
        let xml = """
            <?xml version="1.0"?>
            <?mso-application progid="Excel.Sheet"?>
            <Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
             <Worksheet ss:Name="안내"><Table><Row><Cell><Data ss:Type="String">x</Data></Cell></Row></Table></Worksheet>
             <Worksheet ss:Name="거래내역"><Table>
              <Row><Cell ss:MergeAcross="2"><Data ss:Type="String">제목</Data></Cell></Row>
              <Row ss:Index="3"><Cell><ss:Data ss:Type="DateTime">2025-03-02T14:22:01.000</ss:Data></Cell><Cell ss:Index="3"><Data ss:Type="Number">6500.50</Data></Cell></Row>
              <Row><Cell><Data ss:Type="DateTime">2025-03-03T00:00:00.000</Data></Cell><Cell><Data ss:Type="String"><B>굵은</B> 글씨 &amp; 기호</Data></Cell></Row>
             </Table></Worksheet>
            </Workbook>
            """
        let bytes = Array(xml.utf8)
        XCTAssertEqual(StatementFormat.of(bytes), .spreadsheetML)
        XCTAssertEqual(try SpreadsheetML.rows(bytes, sheet: "거래내역"), [["제목", "", ""], [], ["2025-03-02 14:22:01", "", "6500.5"], ["2025-03-03", "굵은 글씨 & 기호"]])
        XCTAssertEqual(try SpreadsheetML.rows(bytes, sheet: nil), [["x"]])
        XCTAssertThrowsError(try SpreadsheetML.rows(bytes, sheet: "없음"))
        XCTAssertThrowsError(try SpreadsheetML.rows(Array(xml.replacingOccurrences(of: "ss:Index=\"3\"><Cell>", with: "ss:Index=\"0\"><Cell>").utf8), sheet: "거래내역"))
    }
}
