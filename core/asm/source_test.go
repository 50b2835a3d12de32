package asm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadSourceBound(t *testing.T) {
	small := filepath.Join(t.TempDir(), "small.mlir")
	os.WriteFile(small, []byte("module {}\n"), 0o644)
	tests := []struct {
		name    string
		file    string
		stdin   string
		wantErr string
		want    string
	}{
		{name: "file", file: small, want: "module {}\n"},
		{name: "stdin", file: "-", stdin: "x", want: "x"},
		{name: "stdin too large", file: "-", stdin: strings.Repeat("x", 1025), wantErr: "<stdin>: input larger than 1024 bytes"},
		{name: "endless device", file: "/dev/zero", wantErr: "/dev/zero: input larger than 1024 bytes"},
		{name: "missing", file: filepath.Join(t.TempDir(), "missing.mlir"), wantErr: "no such file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := os.Stat(tc.file); tc.file == "/dev/zero" && err != nil {
				t.Skip("no /dev/zero")
			}
			got, _, err := readSource(tc.file, strings.NewReader(tc.stdin), 1024)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || string(got) != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}
