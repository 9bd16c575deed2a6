package main

import (
	"os/exec"
	"reflect"
	"testing"

	"google.golang.org/protobuf/types/known/structpb"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

func TestEngineAddressIsTheLastArgument(t *testing.T) {
	cases := map[string][]string{
		"127.0.0.1:4000": {"--logtostderr", "-v=9", "--tracing", "http://t", "127.0.0.1:4000"},
		"":               {"--logtostderr"},
	}
	for want, args := range cases {
		if got := engineAddressArg(args); got != want {
			t.Errorf("engineAddressArg(%v) = %q, want %q", args, got, want)
		}
	}
	if got := engineAddressArg(nil); got != "" {
		t.Errorf("engineAddressArg(nil) = %q", got)
	}
}

func TestRunArgs(t *testing.T) {
	req := &pulumirpc.RunRequest{
		MonitorAddress: "127.0.0.1:1", Project: "p", Stack: "s", Organization: "organization",
		DryRun: true, Parallel: 4, Args: []string{"extra"},
		Info: &pulumirpc.ProgramInfo{RootDirectory: "/r", ProgramDirectory: "/r/app", EntryPoint: "index.js"},
	}
	got := runArgs(req, "/run.js", "127.0.0.1:2")
	want := []string{"/run.js", "--monitor=127.0.0.1:1", "--engine=127.0.0.1:2", "--organization=organization",
		"--project=p", "--stack=s", "--pwd=/r/app", "--root-directory=/r", "--dry-run", "--parallel=4",
		"index.js", "extra"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("runArgs:\n got %v\nwant %v", got, want)
	}

	// An update without an entry point runs the program directory (package.json main, else index.js).
	req = &pulumirpc.RunRequest{MonitorAddress: "m", Info: &pulumirpc.ProgramInfo{ProgramDirectory: "/a"}}
	got = runArgs(req, "/run.js", "")
	want = []string{"/run.js", "--monitor=m", "--pwd=/a", "."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("runArgs:\n got %v\nwant %v", got, want)
	}
}

func TestRunEnvCarriesConfigAndSecretKeys(t *testing.T) {
	req := &pulumirpc.RunRequest{
		Config:           map[string]string{"p:name": "v", "edgeingress:apiKey": "k"},
		ConfigSecretKeys: []string{"edgeingress:apiKey"},
	}
	got, err := runEnv(req, nodeOptions{typescript: true, tsconfig: "tsconfig.build.json"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`PULUMI_CONFIG={"edgeingress:apiKey":"k","p:name":"v"}`,
		`PULUMI_CONFIG_SECRET_KEYS=["edgeingress:apiKey"]`,
		"PULUMI_NODEJS_TYPESCRIPT=true",
		"PULUMI_NODEJS_TSCONFIG_PATH=tsconfig.build.json",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("runEnv:\n got %v\nwant %v", got, want)
	}

	got, err = runEnv(&pulumirpc.RunRequest{}, nodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want = []string{"PULUMI_CONFIG={}", "PULUMI_CONFIG_SECRET_KEYS=[]"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("runEnv without config:\n got %v\nwant %v", got, want)
	}
}

func TestParseOptions(t *testing.T) {
	opts, err := parseOptions(nil)
	if err != nil || !opts.typescript || opts.tsconfig != "" || opts.nodeArgs != nil {
		t.Fatalf("defaults: %+v, %v", opts, err)
	}
	raw, err := structpb.NewStruct(map[string]any{
		"typescript": false, "tsconfig": "x.json", "nodeargs": `--max-old-space-size=512 --title "a b"`,
	})
	if err != nil {
		t.Fatal(err)
	}
	opts, err = parseOptions(raw.AsMap())
	if err != nil {
		t.Fatal(err)
	}
	want := nodeOptions{typescript: false, tsconfig: "x.json", nodeArgs: []string{"--max-old-space-size=512", "--title", "a b"}}
	if !reflect.DeepEqual(opts, want) {
		t.Fatalf("got %+v, want %+v", opts, want)
	}
	if _, err := parseOptions(map[string]any{"typescript": "yes"}); err == nil {
		t.Fatal("a non-boolean typescript option was accepted")
	}
}

func TestRunResponse(t *testing.T) {
	if r := runResponse(nil); r.Error != "" || r.Bail {
		t.Fatalf("success: %+v", r)
	}
	exitWith := func(code string) error { return exec.Command("sh", "-c", "exit "+code).Run() }
	if r := runResponse(exitWith("32")); r.Error != "" || !r.Bail {
		t.Fatalf("exit 32 must bail silently: %+v", r)
	}
	if r := runResponse(exitWith("3")); r.Bail || r.Error != "Program exited with non-zero exit code: 3" {
		t.Fatalf("exit 3: %+v", r)
	}
	if r := runResponse(exec.Command("/nonexistent/node").Run()); r.Bail || r.Error == "" {
		t.Fatalf("start failure: %+v", r)
	}
}
