/// The one rule for the method after a redirect, shared by ``SerializedRequest/redirected(status:location:)`` and
/// WireformFoundation's uploader (RFC 9110, section 15.4, as curl and browsers apply it): `301` and `302` after
/// `POST`, and `303` after anything but `HEAD`, become `GET` without a body and without the fields that describe one.
package enum RedirectMethodRule {
    /// The fields that describe a body, removed with it.
    package static let bodyFields: [HeaderFields.Name] = [.contentType, .contentLength, .contentEncoding]

    /// Whether a redirect with this status turns a request with this method into a `GET` without body.
    /// - Parameters:
    ///   - status: The redirect response's status code.
    ///   - method: The redirected request's method, case-sensitive (RFC 9110, section 9.1).
    package static func becomesGET(status: Int, method: String) -> Bool {
        (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
    }
}
