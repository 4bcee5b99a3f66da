#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

ProcessSetup.prepare()
let status = await WireformCommand.exitStatus(arguments: ArgumentBytes.arguments())
exit(status.rawValue)
