// Package cli holds what arbiter's commands (cmd/arbiter and
// cmd/arbiter-beam) share on their command lines: flags among the
// operands, and sizes with units. It defines no flag and runs nothing.
package cli
