import Foundation

let status = await WireformCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
