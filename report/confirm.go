package report

import (
	"fmt"
	"strings"

	"github.com/beevik/etree"
	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/whoopverify/whoop/lockset"
)

// The explorer's verdicts (whoop --confirm) in each format: text notes
// under the race, a "confirmation" object in JSON and element in XML, and
// for SARIF a codeFlow with one threadFlow per entry point.

// confirmStepText is one step as a note: "[T1 nvram_llseek] read file->f_pos = 0".
func confirmStepText(s lockset.Step) string {
	who := fmt.Sprintf("[T%d %s] ", s.Thread, s.EntryPoint)
	switch s.Kind {
	case "switch":
		return who + "context switch: the other thread runs"
	case "race":
		return who + "resumes: '" + s.LValue + "' now holds " + s.Value + ", written by the other thread since this access: race confirmed"
	case "oops":
		return who + "dereferences '" + s.LValue + "' in the NULL page: the kernel oopses, the thread stops"
	case "lock", "unlock", "lock failed", "downgrade":
		return who + s.Kind + " " + s.LValue
	}
	return who + s.Kind + " " + s.LValue + " = " + s.Value
}

func confirmWriteText(out *raceErrWriter, it raceItem, path string) {
	c := it.race.Confirmation
	if c == nil {
		return
	}
	at := racePos(it.race.Accesses[1].Pos, path)
	if c.Status != lockset.Confirmed {
		out.printf("%s: note: %s\n", at, c.Note)
		return
	}
	out.printf("%s: note: %s; the interleaving:\n", at, c.Note)
	for _, s := range c.Steps {
		out.printf("%s: note: %s\n", racePos(s.Pos, path), confirmStepText(s))
		if src := strings.TrimSpace(s.Source); src != "" && s.Kind != "switch" {
			out.printf("\t%s\n", src)
		}
	}
}

type raceJSONConfirmation struct {
	Status string         `json:"status"`
	Note   string         `json:"note"`
	Steps  []raceJSONStep `json:"steps,omitempty"`
}

type raceJSONStep struct {
	Thread     int    `json:"thread"`
	EntryPoint string `json:"entryPoint"`
	Function   string `json:"function"`
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Source     string `json:"source,omitempty"`
	Indent     string `json:"indent,omitempty"`
	Kind       string `json:"kind"`
	LValue     string `json:"lvalue,omitempty"`
	Value      string `json:"value,omitempty"`
}

func confirmJSON(c *lockset.Confirmation) *raceJSONConfirmation {
	if c == nil {
		return nil
	}
	jc := &raceJSONConfirmation{Status: c.Status, Note: c.Note}
	for _, s := range c.Steps {
		f, line, col := raceJSONPos(s.Pos)
		jc.Steps = append(jc.Steps, raceJSONStep{Thread: s.Thread, EntryPoint: s.EntryPoint, Function: s.Func,
			File: f, Line: line, Column: col, Source: strings.TrimSpace(s.Source), Indent: indentOf(s.Source), Kind: s.Kind, LValue: s.LValue, Value: s.Value})
	}
	return jc
}

func confirmXML(r *etree.Element, c *lockset.Confirmation) {
	if c == nil {
		return
	}
	e := r.CreateElement("confirmation")
	raceXMLAttr(e, "status", c.Status)
	raceXMLAttr(e, "note", c.Note)
	for _, s := range c.Steps {
		x := e.CreateElement("step")
		raceXMLAttr(x, "thread", fmt.Sprint(s.Thread))
		raceXMLAttr(x, "entrypoint", s.EntryPoint)
		raceXMLAttr(x, "function", s.Func)
		raceXMLPos(x, s.Pos)
		raceXMLAttr(x, "kind", s.Kind)
		raceXMLOptAttr(x, "lvalue", s.LValue)
		raceXMLOptAttr(x, "value", s.Value)
		if src := strings.TrimSpace(s.Source); src != "" {
			x.SetText(src)
		}
	}
}

// confirmSARIF adds the confirmed interleaving to a race's result: one
// threadFlow per thread, each step with its place in the global order.
func confirmSARIF(res *sarif.Result, it raceItem) {
	c := it.race.Confirmation
	if c == nil {
		return
	}
	res.Properties.Add("confirmation", c.Status)
	res.Properties.Add("confirmationNote", c.Note)
	if c.Status != lockset.Confirmed || len(c.Steps) == 0 {
		return
	}
	flows := map[int]*sarif.ThreadFlow{}
	var order []int
	for i, s := range c.Steps {
		tf, ok := flows[s.Thread]
		if !ok {
			tf = sarif.NewThreadFlow().WithID(fmt.Sprintf("T%d", s.Thread)).
				WithMessage(sarif.NewMessage().WithText(fmt.Sprintf("thread %d: %s", s.Thread, s.EntryPoint)))
			flows[s.Thread] = tf
			order = append(order, s.Thread)
		}
		loc := raceSARIFLocation(s.Pos, s.Source, it.path).WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(confirmStepText(s))))
		tf.AddLocation(sarif.NewThreadFlowLocation().WithLocation(loc).WithExecutionOrder(i + 1))
	}
	cf := sarif.NewCodeFlow().WithMessage(sarif.NewMessage().WithText(raceSARIFEscape(c.Note)))
	for _, t := range order {
		cf.AddThreadFlow(flows[t])
	}
	res.CodeFlows = append(res.CodeFlows, cf)
}

// confirmTimeoutNote begins the note of a race the explorer's wall clock
// kept from being explored (explore.TimeoutNote): the one verdict that
// depends on the machine's load, so the summary counts them.
const confirmTimeoutNote = "not explored (timeout)"

// confirmTimeouts counts the races of file the explorer's wall clock cut.
func confirmTimeouts(file *lockset.FileResult) int {
	n := 0
	for _, p := range file.Pairs {
		for _, r := range p.Races {
			if c := r.Confirmation; c != nil && c.Status == lockset.NotExplored && strings.HasPrefix(c.Note, confirmTimeoutNote) {
				n++
			}
		}
	}
	return n
}
