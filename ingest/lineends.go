package ingest

import (
	"bufio"
	"bytes"
	"io"
)

// crReader reads a stream with its lone carriage returns (a '\r' that no
// '\n' follows: the line ends of old Mac files, or of text that mixes
// them in) turned into '\n', so that the splitter and the tokenizer,
// which cut lines at '\n', read CR, LF and CRLF line ends alike. The
// stream keeps its length: offsets are those of the input. A '\r' that
// ends a read is decided by peeking at the next byte.
type crReader struct {
	br *bufio.Reader
}

func newCRReader(r io.Reader) *crReader {
	return &crReader{br: bufio.NewReaderSize(r, 4<<10)} // reads of more go past it
}

func (c *crReader) Read(p []byte) (int, error) {
	n, err := c.br.Read(p)
	b := p[:n]
	for i := 0; ; {
		k := bytes.IndexByte(b[i:], '\r')
		if k < 0 {
			break
		}
		i += k
		if i+1 < len(b) {
			if b[i+1] != '\n' {
				b[i] = '\n'
			}
			i++
			continue
		}
		// the read ends with '\r': look at what follows
		if next, perr := c.br.Peek(1); perr != nil || next[0] != '\n' {
			b[i] = '\n'
		}
		break
	}
	return n, err
}
