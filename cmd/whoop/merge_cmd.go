package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/whoopverify/whoop/report"
)

// mergeCommand is "whoop merge": one report from the reports of the shards
// of a sweep, JSON from JSON, SARIF from SARIF, and SARIF from JSON (the
// per-file reports kbuild mode writes are JSON).
func mergeCommand() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Usage:     "join the JSON (or SARIF) reports of a sweep's shards (--shard I/N) into one, as one run over all the files writes it; --format sarif makes the SARIF log from JSON reports",
		ArgsUsage: "REPORT.json... | REPORT.sarif...",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"},
				Usage: "output `FORMAT`: json or sarif (default: the reports' own; JSON reports can also give sarif)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageErrorf("whoop merge takes the reports to join\nusage: whoop merge REPORT.json... | REPORT.sarif...")
			}
			names := c.Args().Slice()
			var docs [][]byte
			kind := ""
			for _, name := range names {
				data, err := os.ReadFile(name)
				if err != nil {
					return &exitError{code: exitInput, msg: err.Error()}
				}
				k, err := reportKind(data)
				if err != nil {
					return &exitError{code: exitInput, msg: fmt.Sprintf("%s: %v", name, err)}
				}
				if kind != "" && k != kind {
					return &exitError{code: exitInput, msg: fmt.Sprintf("%s is %s, %s is %s: merge reports of one format", name, k, names[0], kind)}
				}
				kind = k
				docs = append(docs, data)
			}
			out := kind
			switch f := c.String("format"); {
			case f == "" || f == kind:
			case f == "sarif" && kind == "json":
				out = "sarif"
			case f == "json" || f == "sarif":
				return usageErrorf("whoop merge --format %s: the reports are %s, which holds less than JSON (run the shards with --format json, or --json-out for JSON beside any format)", f, kind)
			default:
				return usageErrorf("whoop merge --format %s: unknown format (json or sarif)", f)
			}
			readers := make([]io.Reader, len(docs))
			for i, d := range docs {
				readers[i] = bytes.NewReader(d)
			}
			var err error
			switch {
			case kind == "sarif":
				err = report.MergeSARIF(c.App.Writer, names, docs)
			case out == "sarif":
				err = report.MergeJSONToSARIF(c.App.Writer, names, readers)
			default:
				err = report.MergeJSON(c.App.Writer, names, readers)
			}
			if err != nil {
				return &exitError{code: exitInput, msg: err.Error()}
			}
			return nil
		},
	}
}

// reportKind tells a whoop JSON report ("json") from a SARIF log ("sarif").
func reportKind(data []byte) (string, error) {
	var probe struct {
		Runs  json.RawMessage `json:"runs"`
		Files json.RawMessage `json:"files"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return "", fmt.Errorf("not a whoop JSON report or SARIF log: %v", err)
	}
	switch {
	case probe.Files != nil:
		return "json", nil
	case probe.Runs != nil:
		return "sarif", nil
	}
	return "", fmt.Errorf("neither a whoop JSON report (files) nor a SARIF log (runs)")
}
