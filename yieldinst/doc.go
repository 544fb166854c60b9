// Package yieldinst computes the yield set a bounded interleaving explorer
// needs for each concurrent pair of entry points, from the lockset result.
//
// A context switch can only matter at a lock operation (another thread may
// take the lock first) or right after a shared access (another thread may
// overwrite the cell). The three modes follow the original WHOOP's Corral
// instrumentation (whoop-facts §6.2) and the ASE'15 configurations:
//
//   - ALL: a yield before every lock operation and after every shared
//     access, in every concurrent pair;
//   - EPP: the same, but access yields only in pairs the lockset check did
//     not prove race-free (proved pairs keep their lock yields);
//   - MR: lock yields, plus access yields only for the regions the lockset
//     check reported as racy in that pair. An inconclusive pair keeps every
//     access yield: nothing was proved about it.
//
// Each access yield is followed by a race check: the cell still holds the
// value just read or written, so an interleaved write by the other thread
// makes the check fail.
package yieldinst
