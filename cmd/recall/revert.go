package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// workTree returns the directory whoop runs in for c: the tree itself when
// c has no revert, else a fresh directory under tmp holding copies of the
// directories c's files live in (their regular files, not subdirectories),
// at the same relative paths, with the revert applied. done removes it.
func workTree(c *Case, tree, tmp string) (root string, done func(), err error) {
	if len(c.Revert) == 0 {
		return tree, func() {}, nil
	}
	root, err = os.MkdirTemp(tmp, "recall-"+c.ID+"-")
	if err != nil {
		return "", nil, fmt.Errorf("revert copy: %w", err)
	}
	done = func() { os.RemoveAll(root) }
	for _, dir := range c.dirs() {
		if err := copyDir(filepath.Join(tree, dir), filepath.Join(root, dir)); err != nil {
			done()
			return "", nil, err
		}
	}
	if err := applyRevert(c, root); err != nil {
		done()
		return "", nil, err
	}
	return root, done, nil
}

// dirs returns the directories holding c's checked files and edited files.
func (c *Case) dirs() []string {
	files := append([]string{c.File}, c.Parts...)
	for _, e := range c.Revert {
		files = append(files, c.editFile(e))
	}
	var dirs []string
	for _, f := range files {
		if d := filepath.Dir(f); !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// copyDir copies the regular files directly in src into dst.
func copyDir(src, dst string) error {
	ents, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("revert copy: %w", err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("revert copy: %w", err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return fmt.Errorf("revert copy: %w", err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			return fmt.Errorf("revert copy: %w", err)
		}
	}
	return nil
}

// applyRevert applies c's edits, in order, to the files under root. Each
// Find must occur exactly once in its file: a recipe that no longer
// applies (the tree changed) is an error, not a silent no-op.
func applyRevert(c *Case, root string) error {
	for i, e := range c.Revert {
		path := filepath.Join(root, c.editFile(e))
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("revert edit %d: %w", i+1, err)
		}
		text, err := replaceOnce(string(data), e.Find, e.Replace)
		if err != nil {
			return fmt.Errorf("revert edit %d of %s: %w", i+1, c.editFile(e), err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return fmt.Errorf("revert edit %d: %w", i+1, err)
		}
	}
	return nil
}

// replaceOnce replaces the single occurrence of find in text.
func replaceOnce(text, find, replace string) (string, error) {
	switch n := strings.Count(text, find); n {
	case 1:
		return strings.Replace(text, find, replace, 1), nil
	case 0:
		return "", fmt.Errorf("%q not found", firstLine(find))
	default:
		return "", fmt.Errorf("%q found %d times: give more context", firstLine(find), n)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
