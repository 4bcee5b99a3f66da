import Wireform

/// Errors: the path of the value being written, built from the open containers only when something fails.
extension JSONEncodingSink {
    /// The error for the value about to be written, in the writer's flavor.
    /// - Parameter problem: What is wrong with the value.
    /// - Returns: The error to throw.
    func failure(_ problem: JSONWriteFailure.Problem) -> any Error {
        failureRecord(problem).error(in: flavor)
    }

    /// The failure for the value about to be written: a problem recorded earlier wins, and a scalar at the top
    /// that may not stand there is reported before what else is wrong with it.
    func failureRecord(_ problem: JSONWriteFailure.Problem) -> JSONWriteFailure {
        if let recordedFailure { return recordedFailure }
        if levels.isEmpty, rejectsTopLevelScalars, let kind = problem.scalarKind {
            return JSONWriteFailure(.topLevelScalar(kind), at: [])
        }
        return JSONWriteFailure(problem, at: currentPath())
    }

    /// Keeps the first problem found where an event cannot throw.
    mutating func record(_ problem: JSONWriteFailure.Problem) {
        // The path names the current member of every open object.
        if inOrderMembers.isActive { trackInOrderMembers(end: nil) }
        if recordedFailure == nil { recordedFailure = failureRecord(problem) }
    }

    /// The steps from the root to the value about to be written: the current key of each open object, and the
    /// position of each open array's current element (the innermost array's next one, as the value has not
    /// started).
    private func currentPath() -> [ParameterPath.Component] {
        var path: [ParameterPath.Component] = []
        var memberIndex = members.count
        for (depth, level) in levels.enumerated().reversed() {
            if level.isKeyed {
                memberIndex -= 1
                path.append(.key(members[memberIndex].key))
            } else {
                path.append(.index(depth == levels.count - 1 ? level.count : level.count - 1))
            }
            memberIndex = level.memberBase
        }
        return path.reversed()
    }
}
