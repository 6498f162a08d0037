// The ABI sweep's canary: a tiny shared library, built only
// by Tests/abi/run.sh and never part of libframes, whose functions misbehave
// on purpose so that the sweep proves it notices:
//
// - frames_abi_canary_trap traps the way a Swift bug would inside a @_cdecl
//   shim (fatalError -> ud2 -> SIGILL on x86_64, brk -> SIGTRAP on arm64);
// - frames_abi_canary_undocumented_code returns 7, a positive value that is
//   no result code of frames.h.
//
// The sweep calls both through ffi_call in forked children and fails unless
// it reports both as failures.

@_cdecl("frames_abi_canary_trap")
public func frames_abi_canary_trap(_ value: Int32) -> Int32 {
    if value >= Int32.min {  // always true; keeps the optimizer from folding the call away
        fatalError("frames ABI canary: a deliberate trap")
    }
    return 0
}

@_cdecl("frames_abi_canary_undocumented_code")
public func frames_abi_canary_undocumented_code(_ value: Int32) -> Int32 {
    return 7 &+ (value & 0)
}
