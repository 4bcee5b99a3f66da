import Testing
import Wireform
import WireformFoundation
import WireformMultipart

@Suite struct MultipartFormReplayTests {
    @Test func formIsReplayableWhenEveryPartIs() throws {
        var form = try MultipartForm(boundary: .constant("b"))
        form.append("text", name: "a")
        try form.append([1, 2, 3], name: "b", fileName: "b.bin")
        #expect(form.serializedBody.body.isReplayable)
    }

    @Test func formWithASingleUsePartIsNotReplayable() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.finish()
        var form = try MultipartForm(boundary: .constant("b"))
        form.append("text", name: "a")
        try form.append(MessageBody(length: .known(0), singleUse: stream), name: "upload", fileName: "u.bin")
        #expect(!form.serializedBody.body.isReplayable)
        #expect(!form.serializedBody.body.isReplayable)
    }
}
