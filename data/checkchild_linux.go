package data

import (
	"os/exec"
	"syscall"
)

// checkMemory caps the check child's heap: a damaged free list or a page
// cycle can make Tx.Check allocate without end (seen at 24 GB), and the
// cap turns that into the child's crash, a damaged file. The file's own
// mapping is shared, not counted.
const checkMemory = 2 << 30

// limitChild makes the check child die with its parent and caps it.
func limitChild(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// limitSelf is the check child capping its own data segment.
func limitSelf() {
	syscall.Setrlimit(syscall.RLIMIT_DATA, &syscall.Rlimit{Cur: checkMemory, Max: checkMemory})
}
