//go:build !linux

package s3test

import "os/exec"

func dieWithParent(*exec.Cmd) {}
