package ingest

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// OpenContent opens a file from Expand and returns its decompressed content
// (zstd, gzip and bzip2 are detected from the first bytes, as Open does),
// for inputs that are not read as games or positions, such as a TRF file.
// Closing it releases the decoder and closes the file. Standard input ("-")
// is refused: it cannot be read twice.
func OpenContent(in Input, opts Options) (io.ReadCloser, error) {
	if in.Name == "-" {
		return nil, fmt.Errorf("ingest -: %w", errStdinContent)
	}
	opts.setDefaults()
	f, err := os.Open(in.Name)
	if err != nil {
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	src, _, release, err := openStream(f, &opts)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	return &content{r: src, f: f, release: release}, nil
}

var errStdinContent = errors.New("standard input cannot be opened twice")

type content struct {
	r       io.Reader
	f       *os.File
	release func()
}

func (c *content) Read(p []byte) (int, error) { return c.r.Read(p) }

func (c *content) Close() error {
	if c.release != nil {
		c.release()
		c.release = nil
	}
	if c.f == nil {
		return nil
	}
	err := c.f.Close()
	c.f = nil
	return err
}

// Head returns up to n bytes of the decompressed content of a file from
// Expand, to recognise its format by content before it is read (a file
// shorter than n bytes is returned whole). Standard input ("-") is not
// read: Head returns nil and no error for it.
func Head(in Input, n int) ([]byte, error) {
	if in.Name == "-" {
		return nil, nil
	}
	rc, err := OpenContent(in, Options{})
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	buf := make([]byte, n)
	m, err := io.ReadFull(rc, buf)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		err = nil
	}
	if err != nil {
		return nil, fmt.Errorf("ingest %s: %w", in.Name, err)
	}
	return buf[:m], nil
}
