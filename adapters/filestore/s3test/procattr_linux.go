package s3test

import (
	"os/exec"
	"syscall"
)

// dieWithParent kills the server when the test binary dies, even by a
// timeout's panic that runs no cleanup.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
