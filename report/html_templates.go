package report

import (
	"html/template"
	"strings"
)

// htmlTemplates are the pages of the HTML report; parsed once, read only.
var htmlTemplates = template.Must(template.New("").Funcs(template.FuncMap{
	"lower": strings.ToLower,
	"join":  strings.Join,
}).Parse(htmlCSS + htmlIndexTemplate + htmlFindingTemplate + htmlScript))

const htmlCSS = `{{define "css"}}
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 2em 3em; color: #1d1d1f; background: #fff; }
header { border-bottom: 1px solid #ddd; margin-bottom: 1em; }
h1 { font-size: 1.5em; margin: .8em 0 .2em; } h2 { font-size: 1.15em; margin-top: 1.6em; }
code, pre { font: 13px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
table { border-collapse: collapse; width: 100%; margin: .5em 0; }
th, td { border-bottom: 1px solid #e5e5e5; padding: .3em .5em; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f5f5f7; font-weight: 600; white-space: nowrap; overflow-wrap: normal; }
tr.anchor td { background: #fff8e1; }
.badge { display: inline-block; padding: 0 .45em; border-radius: .6em; font-size: .85em; font-weight: 600; }
.rank-high { background: #fde2e1; color: #a1140f; } .rank-medium { background: #fff1d6; color: #8a5300; }
.rank-low { background: #e8eef7; color: #2d4a72; } .confirmed { background: #a1140f; color: #fff; }
#filters { display: flex; flex-wrap: wrap; gap: 1em; align-items: center; margin: 1em 0; }
#filters select, #filters input { font: inherit; padding: .15em .3em; }
#count { color: #555; }
pre.code { background: #fafafa; border: 1px solid #e5e5e5; padding: .4em 0; overflow-x: auto; }
pre.code span.l { display: block; padding: 0 .6em; white-space: pre; }
pre.code span.n { display: inline-block; width: 4em; color: #999; user-select: none; }
pre.code span.racy { background: #ffe08a; font-weight: 600; }
table.timeline td { width: 50%; } table.timeline td.step { background: #f3f7ff; }
table.timeline tr.switch td { text-align: center; color: #777; font-style: italic; border-bottom: 2px dashed #bbb; }
td.nw { white-space: nowrap; } .muted { color: #666; } a { color: #0b57d0; }
{{end}}`

const htmlIndexTemplate = `{{define "index"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>whoop report</title><style>{{template "css"}}</style></head>
<body>
<header><h1>whoop report</h1>
<p><span id="finding-count">{{len .Findings}}</span> findings in {{len .Files}} files{{if .Version}} · whoop {{.Version}}{{end}}. A finding is one variable
that two entry points may access at the same time, at least one writing, with no lock in common; worst first.</p></header>
<section id="filters">
<label>Class <select id="f-class"><option value="">all</option>{{range .Classes}}<option>{{.}}</option>{{end}}</select></label>
<label>Rank <select id="f-rank"><option value="">all</option>{{range .Ranks}}<option>{{.}}</option>{{end}}</select></label>
<label>File <select id="f-file"><option value="">all</option>{{range .Files}}{{if .Findings}}<option>{{.Path}}</option>{{end}}{{end}}</select></label>
<label>Search <input id="f-q" type="search" placeholder="variable, function, reason"></label>
<span id="count"><span id="shown">{{len .Findings}}</span> of {{len .Findings}} shown</span>
</section>
<table id="findings"><thead><tr><th>#</th><th>Rank</th><th>Class</th><th>Variable</th><th>Where</th><th>Why</th><th>Races</th></tr></thead>
<tbody>
{{range .Findings}}<tr class="finding" data-class="{{.Class}}" data-rank="{{.Rank}}" data-file="{{.File}}" data-text="{{lower (printf "%s %s %s %s" .LValue .Reason .File .Class)}}">
<td class="nw">{{.N}}</td><td class="nw"><span class="badge rank-{{.Rank}}">{{.Rank}}</span>{{if .Confirmed}} <span class="badge confirmed">confirmed</span>{{end}}</td>
<td class="nw">{{.Class}}</td><td class="nw"><a href="{{.Page}}"><code>{{.LValue}}</code></a></td><td>{{.File}}:{{.Line}}</td><td>{{.Reason}}</td><td>{{.Races}}</td></tr>
{{end}}</tbody></table>
{{if not .Findings}}<p class="muted">No findings.</p>{{end}}
<h2>Files</h2>
<table id="files"><thead><tr><th>File</th><th>Status</th><th>Findings</th><th>Racy pairs</th><th>Concurrent pairs</th><th>Inconclusive</th></tr></thead>
<tbody>
{{range .Files}}<tr><td>{{.Path}}</td><td>{{.Status}}{{if .Note}}<br><span class="muted">{{.Note}}</span>{{end}}</td><td>{{.Findings}}</td><td>{{.Racy}}</td><td>{{.Concurrent}}</td><td>{{.Inconclusive}}</td></tr>
{{end}}</tbody></table>
<script>{{template "js"}}</script>
</body></html>
{{end}}`

const htmlFindingTemplate = `{{define "finding"}}<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Row.LValue}} — whoop finding {{.Row.N}}</title><style>{{template "css"}}</style></head>
<body>
<header><p><a href="../index.html">← all findings</a></p>
<h1>Finding {{.Row.N}}: race on <code>{{.Row.LValue}}</code></h1>
<p><span class="badge rank-{{.Row.Rank}}">{{.Row.Rank}}</span> {{if .Row.Confirmed}}<span class="badge confirmed">confirmed</span> {{end}}<strong>{{.Row.Class}}</strong>: <span id="reason">{{.Row.Reason}}</span></p></header>
<table><tbody>
<tr><th>File</th><td>{{.Row.File}}:{{.Row.Line}}</td></tr>
<tr><th>Variable</th><td><code>{{.Region}}</code>{{if .Why}}<br><span class="muted">{{.Why}}</span>{{end}}</td></tr>
<tr><th>Races</th><td>{{.Row.Races}} racing pairs of entry points, through {{.Row.Sites}} access sites</td></tr>
{{if .Also}}<tr><th>Other classes</th><td>{{range $i, $c := .Also}}{{if $i}}, {{end}}{{$c}}{{end}}</td></tr>{{end}}
</tbody></table>
<h2>Sites</h2>
<table id="sites"><thead><tr><th>Where</th><th>Access</th><th>Function</th><th>Locks held, by the entry points reaching it</th><th>What the code does</th></tr></thead>
<tbody>
{{range .Sites}}<tr{{if .Anchor}} class="anchor"{{end}}><td>{{.Pos}}</td><td>{{.Kind}}{{if ne .Mode "plain"}} ({{.Mode}}){{end}} <code>{{.LValue}}</code></td><td>{{.Func}}</td>
<td>{{range .Holds}}<div>{{if .Locks}}{{join .Locks ", "}}{{else}}no lock{{end}} <span class="muted">from {{join .EntryPoints ", "}}</span></div>{{end}}</td><td>{{.Shape}}</td></tr>
{{end}}</tbody></table>
<h2>Source</h2>
{{range .Excerpts}}<h3><code>{{.Title}}</code></h3>
<pre class="code">{{range .Lines}}<span class="l{{if .Racy}} racy{{end}}"><span class="n">{{.N}}</span>{{.Text}}</span>{{end}}</pre>
{{end}}
<h2>Racing pairs of sites</h2>
<table id="pairs"><thead><tr><th>Site</th><th>Races with</th><th>Entry-point pairs</th></tr></thead>
<tbody>
{{range .Pairs}}<tr><td>{{.A}}</td><td>{{.B}}</td><td>{{join .Pairs ", "}}</td></tr>
{{end}}</tbody></table>
{{if .Verdict}}<h2>Explorer</h2><p id="verdict">{{if .Verdict.Note}}{{.Verdict.Note}}{{else}}{{.Verdict.Status}}{{end}}</p>{{end}}
{{if .Timeline}}<table class="timeline"><thead><tr><th>Thread 1: {{index .Threads 0}}</th><th>Thread 2: {{index .Threads 1}}</th></tr></thead>
<tbody>
{{range .Timeline}}{{if .Switch}}<tr class="switch"><td colspan="2">context switch after thread {{.Thread}}: the other thread runs</td></tr>
{{else}}<tr>{{if eq .Thread 2}}<td></td>{{end}}<td class="step"><span class="muted">{{.Pos}}</span><br>{{.Text}}{{if .Source}}<br><code>{{.Source}}</code>{{end}}</td>{{if eq .Thread 1}}<td></td>{{end}}</tr>
{{end}}{{end}}</tbody></table>{{end}}
<h2>Assumptions of this run</h2>
{{if .Assumptions}}<ul id="assumptions">{{range .Assumptions}}<li><strong>{{.Name}}</strong>: {{.Means}}</li>{{end}}</ul>
<p class="muted">whoop reports every race under these; <code>--no-assume NAME</code> drops one.</p>{{else}}<p class="muted">None listed.</p>{{end}}
<details><summary>Every race of this finding ({{len .Races}})</summary><ul>{{range .Races}}<li><code>{{.}}</code></li>{{end}}</ul></details>
<p class="muted">whoop {{.Version}}</p>
</body></html>
{{end}}`

// htmlScript filters the index: each control's value is kept in the URL's
// fragment (#class=stale-read&file=...), so a filtered view is a link.
const htmlScript = `{{define "js"}}
(function () {
  var keys = ["class", "rank", "file", "q"];
  function ctl(k) { return document.getElementById("f-" + k); }
  function readHash() {
    var p = new URLSearchParams(location.hash.slice(1));
    keys.forEach(function (k) { ctl(k).value = p.get(k) || ""; });
  }
  function writeHash() {
    var p = new URLSearchParams();
    keys.forEach(function (k) { if (ctl(k).value) p.set(k, ctl(k).value); });
    var h = p.toString();
    try { history.replaceState(null, "", h ? "#" + h : location.pathname); } catch (e) { location.hash = h; }
  }
  function apply() {
    var c = ctl("class").value, r = ctl("rank").value, f = ctl("file").value, q = ctl("q").value.toLowerCase();
    var n = 0;
    document.querySelectorAll("tr.finding").forEach(function (tr) {
      var ok = (!c || tr.dataset.class === c) && (!r || tr.dataset.rank === r) &&
        (!f || tr.dataset.file === f) && (!q || tr.dataset.text.indexOf(q) >= 0);
      tr.hidden = !ok;
      if (ok) n++;
    });
    document.getElementById("shown").textContent = n;
  }
  keys.forEach(function (k) { ctl(k).addEventListener("input", function () { writeHash(); apply(); }); });
  window.addEventListener("hashchange", function () { readHash(); apply(); });
  readHash();
  apply();
})();
{{end}}`
