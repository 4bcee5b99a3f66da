import Testing

/// Issue 38, R13: trees nested far deeper than ``Wireform/ParameterValue``'s limit of 128 levels, through every
/// format, every query style and every operation on a tree, on a small stack. Before the fix each walk recursed
/// once per level, to the bottom, and overflowed the stack (SIGSEGV); now each refuses the tree with the documented
/// error, or (`==`, `hash(into:)`, `description`) works without recursion.
///
/// Not serialized: a tree a million levels deep holds some 100 MB, and the few tests that build one at a time (three
/// at most per test) fit in memory side by side; one after the other they were the last 20 s of the suite's run.
@Suite struct DeepNestingTests {}
