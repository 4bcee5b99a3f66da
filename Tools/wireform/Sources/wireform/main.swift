#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

ProcessSetup.prepare()
let command = Task { await WireformCommand.exitStatus(arguments: ArgumentBytes.arguments()) }
SignalCancellation.cancelOnSignal(command)
let status = await command.value
SignalCancellation.endIfSignalled()
exit(status.rawValue)
