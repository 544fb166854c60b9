package frontend

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/whoopverify/whoop/models"
)

// modelRoot is the directory the embedded model headers appear under in
// include paths and positions ("<whoop>/include/linux/fs.h"). It cannot be
// a real relative directory a user passes with -I, so the two never mix.
const modelRoot = "<whoop>/" + models.IncludeDir

// isModelFile reports whether a position's file name is a model header.
func isModelFile(name string) bool { return strings.HasPrefix(name, "<whoop>/") }

// sourceFS is the only file system cc/v4 sees (Config.FSOnly): the embedded
// model headers under modelRoot, and files on disk below the driver's own
// directory and the user's -I directories. Host system headers are never
// read. Files from disk get the named-variadic rewrite; their original text
// is kept for Program.Sources. One sourceFS serves one Load.
type sourceFS struct {
	models    fs.FS
	extra     fs.FS             // searched before models (tests)
	diskRoots []string          // cleaned directories whose files may be read
	originals map[string]string // disk files read, as they are on disk
	order     []string          // names in originals, in reading order
	absolute  map[string]bool   // paths named by an #include in a file read: absolute, or out of the driver's directory (noteRelative)
	quoted    map[string]bool   // paths "..."-includes of the files read name from their directories (quotedFrom)
	scanned   int               // how many files of order quoted holds
	// kernel applies the tree-mode rewrites (kernel_rewrite.go) to every
	// file read from disk.
	kernel bool
}

func newSourceFS(driverDir string, includeDirs []string) *sourceFS {
	s := &sourceFS{models: models.Include(), originals: make(map[string]string), absolute: make(map[string]bool)}
	s.diskRoots = append(s.diskRoots, filepath.Clean(driverDir))
	for _, d := range includeDirs {
		if d != "" {
			s.diskRoots = append(s.diskRoots, filepath.Clean(d))
		}
	}
	return s
}

// allowed reports whether name (as cc joins it, cleaned) lies below one of
// the disk roots.
func (s *sourceFS) allowed(name string) bool {
	name = filepath.Clean(name)
	for _, root := range s.diskRoots {
		if root == "." {
			if !filepath.IsAbs(name) && name != ".." && !strings.HasPrefix(name, "../") {
				return true
			}
			continue
		}
		if name == root || strings.HasPrefix(name, root+"/") || root == "/" {
			return true
		}
	}
	if s.kernel && !filepath.IsAbs(name) {
		// Tree mode mixes the driver's relative path with the tree's
		// absolute directories: compare absolute forms.
		if abs, err := filepath.Abs(name); err == nil && abs != name {
			return s.allowed(abs)
		}
	}
	return false
}

// Open implements fs.FS. Names are what cc joins, not fs.ValidPath names.
func (s *sourceFS) Open(name string) (fs.File, error) {
	if isModelFile(name) {
		rel := strings.TrimPrefix(name, "<whoop>/")
		if s.extra != nil {
			if f, err := s.extra.Open(rel); err == nil {
				return f, nil
			}
		}
		return s.models.Open(rel)
	}
	if !s.allowed(name) && !s.absolute[filepath.Clean(name)] && !s.quotedFrom(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	if err := checkRegular(name); err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	s.noteAbsolute(data)
	if _, seen := s.originals[name]; !seen {
		s.order = append(s.order, name)
	}
	s.originals[name] = string(data)
	data = rewriteNamedVariadics(data)
	if s.kernel {
		data = rewriteKernelSource(data)
	}
	return newMemFile(name, endSplice(data)), nil
}

// memFile is an in-memory fs.File.
type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func newMemFile(name string, data []byte) *memFile {
	return &memFile{Reader: bytes.NewReader(data), name: name, size: int64(len(data))}
}

func (f *memFile) Stat() (fs.FileInfo, error) { return memInfo{f.name, f.size}, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return filepath.Base(i.name) }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }
