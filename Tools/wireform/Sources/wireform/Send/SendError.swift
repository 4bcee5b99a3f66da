/// A request that could not be sent or whose response could not be read: exit status 3. The message is one plain
/// line naming the URL (never its user information, which the tool removed) and what went wrong.
struct SendError: Error {
    let message: String

    init(message: String) {
        self.message = message
    }

    /// `Cannot send the request to 'URL': REASON`.
    init(url: String, reason: String) {
        message = "Cannot send the request to \(quoted(url)): \(reason)"
    }

    /// The message for a connection that could not be opened.
    init(_ failure: HTTPConnection.ConnectError, url: String, timeout: Double) {
        switch failure {
        case .hostNotFound: self.init(url: url, reason: "the server's host name was not found")
        case .refused: self.init(url: url, reason: "could not connect to the server")
        case .timedOut: self.init(timedOut: url, timeout: timeout)
        }
    }

    /// The message for a response that could not be read.
    init(_ failure: ResponseReader.Failure, url: String, timeout: Double) {
        switch failure {
        case .connection(.timedOut): self.init(timedOut: url, timeout: timeout)
        case .connection(.closed), .connection(.responseStarted), .incomplete:
            self.init(url: url, reason: "the connection was closed before the response was complete")
        case .malformed(let malformed):
            self.init(url: url, reason: "the response is not valid HTTP: \(malformed.reason)")
        }
    }

    /// `The request to 'URL' timed out after N seconds`.
    init(timedOut url: String, timeout: Double) {
        message = "The request to \(quoted(url)) timed out after \(Self.seconds(timeout))"
    }

    /// `1 second`, `2 seconds`, `0.5 seconds`.
    static func seconds(_ value: Double) -> String {
        if value == 1 { return "1 second" }
        if value == value.rounded(), value < 1e15 { return "\(Int64(value)) seconds" }
        return "\(value) seconds"
    }
}
