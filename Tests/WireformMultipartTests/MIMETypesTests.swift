import Testing
import Wireform
import WireformMultipart

@Suite struct MIMETypesTests {
    @Test(arguments: [
        ("photo.JPG", "image/jpeg"), ("a.png", "image/png"), ("song.mp3", "audio/mpeg"),
        ("clip.MOV", "video/quicktime"),
        ("doc.pdf", "application/pdf"),
        ("sheet.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("a.tar.gz", "application/gzip"), ("f.woff2", "font/woff2"), ("notes.txt", "text/plain"),
        ("index.html", "text/html"), ("app.js", "text/javascript"), ("data.json", "application/json"),
        ("README", "application/octet-stream"), ("x.", "application/octet-stream"),
        ("x.nope", "application/octet-stream"),
    ])
    func fileNamesMapToMediaTypes(fileName: String, expected: String) {
        #expect(MIMETypes.mediaType(forFileName: fileName).description == expected)
    }
}
