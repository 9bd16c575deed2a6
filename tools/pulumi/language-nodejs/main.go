// Command pulumi-language-nodejs is this project's minimal Node.js language host for the Pulumi engine.
//
// The engine starts it with the engine's gRPC address as the last argument and reads the port of our
// LanguageRuntime server from the first line of stdout. For each program run we start
// `node <@pulumi/pulumi/cmd/run> --monitor ... <entry point>` in the program directory; the SDK's run
// script does the rest (ts-node, resource registration, shutdown). Everything the engine may ask
// beyond running a program (code generation, packing, plugins written in Node.js) is Unimplemented.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/shlex"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// The SDK's run script exits with this code after it has already reported the error to the engine;
// we then ask the engine to bail without printing a second, generic message.
const exitAfterUserActionableMessage = 32

func main() {
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()

	host := &nodeHost{engineAddress: engineAddressArg(os.Args[1:])}
	if host.engineAddress != "" {
		// Exit when the engine goes away, so a killed CLI leaves no host behind.
		if err := rpcutil.Healthcheck(ctx, host.engineAddress, time.Minute, cancel); err != nil {
			cmdutil.Exit(fmt.Errorf("could not start engine health check: %w", err))
		}
	}

	stop := make(chan bool)
	go func() { <-ctx.Done(); close(stop) }()
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: stop,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, host)
			return nil
		},
	})
	if err != nil {
		cmdutil.Exit(fmt.Errorf("could not start the language host gRPC server: %w", err))
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		cmdutil.Exit(fmt.Errorf("language host stopped serving: %w", err))
	}
}

// engineAddressArg returns the engine's address: the engine always passes it last, after any logging
// or tracing flags (which this host ignores).
func engineAddressArg(args []string) string {
	if len(args) == 0 || strings.HasPrefix(args[len(args)-1], "-") {
		return ""
	}
	return args[len(args)-1]
}

// nodeHost implements the parts of pulumirpc.LanguageRuntimeServer that running a program needs.
type nodeHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
}

func (h *nodeHost) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

func (h *nodeHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.engineAddress = req.GetEngineAddress()
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *nodeHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// Plugins are never resolved from node_modules: the only provider our programs use is the dynamic
// provider, which the engine finds on PATH, and automatic plugin downloads are off anyway.
func (h *nodeHost) GetRequiredPlugins(
	context.Context, *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	return &pulumirpc.GetRequiredPluginsResponse{}, nil
}

func (h *nodeHost) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

// InstallDependencies is a no-op: projects install their own packages with npm.
func (h *nodeHost) InstallDependencies(
	*pulumirpc.InstallDependenciesRequest, grpc.ServerStreamingServer[pulumirpc.InstallDependenciesResponse],
) error {
	return nil
}

func (h *nodeHost) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

func (h *nodeHost) GetProgramDependencies(
	context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}

func (h *nodeHost) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("could not find node on PATH: %w", err)
	}
	out, err := exec.CommandContext(ctx, node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("could not run %s --version: %w", node, err)
	}
	return &pulumirpc.AboutResponse{Executable: node, Version: strings.TrimSpace(string(out))}, nil
}

// Run executes the program once (preview or update) and reports how it ended. Program failures are
// returned in RunResponse (not as gRPC errors) so the engine shows them as the update's error.
func (h *nodeHost) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	info := req.GetInfo()
	if info == nil {
		return &pulumirpc.RunResponse{Error: "the engine sent no program info"}, nil
	}
	opts, err := parseOptions(info.GetOptions().AsMap())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on PATH: " + err.Error()}, nil
	}
	runScript, err := resolveRunScript(ctx, node, info.GetProgramDirectory())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	env, err := runEnv(req, opts)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}

	cmd := exec.CommandContext(ctx, node, append(opts.nodeArgs, runArgs(req, runScript, h.engine())...)...)
	cmd.Dir = info.GetProgramDirectory()
	cmd.Env = append(os.Environ(), env...)
	// Wrapping hides the *os.File so exec copies through a pipe: node may switch an inherited
	// descriptor to non-blocking mode, which would break the engine's reader of our own output.
	cmd.Stdout = struct{ io.Writer }{os.Stdout}
	cmd.Stderr = struct{ io.Writer }{os.Stderr}
	return runResponse(cmd.Run()), nil
}

// runResponse maps the node process's end to what the engine expects.
func runResponse(err error) *pulumirpc.RunResponse {
	if err == nil {
		return &pulumirpc.RunResponse{}
	}
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return &pulumirpc.RunResponse{Error: "could not run the Node.js program: " + err.Error()}
	}
	switch code := exitErr.ExitCode(); code {
	case exitAfterUserActionableMessage:
		return &pulumirpc.RunResponse{Bail: true}
	case -1:
		return &pulumirpc.RunResponse{Error: "Program was terminated: " + exitErr.Error()}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", code)}
	}
}

// resolveRunScript finds the SDK's run script the way the program itself would resolve it, so the
// program and the run script share one copy of @pulumi/pulumi.
func resolveRunScript(ctx context.Context, node, programDir string) (string, error) {
	if p := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH"); p != "" {
		return p, nil
	}
	cmd := exec.CommandContext(ctx, node, "-e", `console.log(require.resolve("@pulumi/pulumi/cmd/run"))`)
	cmd.Dir = programDir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("could not resolve @pulumi/pulumi/cmd/run from %s; is @pulumi/pulumi installed "+
			"(npm install) for this program?", programDir)
	}
	return strings.TrimSpace(string(out)), nil
}

// runArgs builds the run script's command line (flags as read by @pulumi/pulumi/cmd/run/index.js).
func runArgs(req *pulumirpc.RunRequest, runScript, engineAddress string) []string {
	args := []string{runScript}
	add := func(flag, value string) {
		if value != "" {
			args = append(args, "--"+flag+"="+value)
		}
	}
	info := req.GetInfo()
	add("monitor", req.GetMonitorAddress())
	add("engine", engineAddress)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("stack", req.GetStack())
	add("pwd", info.GetProgramDirectory())
	add("root-directory", info.GetRootDirectory())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() > 0 {
		add("parallel", strconv.Itoa(int(req.GetParallel())))
	}
	entry := info.GetEntryPoint()
	if entry == "" {
		entry = "." // the run script then uses package.json's main, or index.js
	}
	args = append(args, entry)
	return append(args, req.GetArgs()...)
}

// runEnv carries the stack configuration and the TypeScript settings to the SDK.
func runEnv(req *pulumirpc.RunRequest, opts nodeOptions) ([]string, error) {
	config := req.GetConfig()
	if config == nil {
		config = map[string]string{}
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	configJSON, err := json.Marshal(config)
	if err != nil {
		return nil, fmt.Errorf("could not encode the stack configuration: %w", err)
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, fmt.Errorf("could not encode the secret configuration keys: %w", err)
	}
	env := []string{"PULUMI_CONFIG=" + string(configJSON), "PULUMI_CONFIG_SECRET_KEYS=" + string(secretKeysJSON)}
	if opts.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if opts.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+opts.tsconfig)
	}
	return env, nil
}

// nodeOptions are the `runtime.options` of Pulumi.yaml that affect running a program.
type nodeOptions struct {
	typescript bool
	tsconfig   string
	nodeArgs   []string
}

func parseOptions(raw map[string]any) (nodeOptions, error) {
	opts := nodeOptions{typescript: true}
	if v, ok := raw["typescript"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			return opts, errors.New("runtime option typescript must be a boolean")
		}
		opts.typescript = b
	}
	if v, ok := raw["tsconfig"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, errors.New("runtime option tsconfig must be a string")
		}
		opts.tsconfig = s
	}
	if v, ok := raw["nodeargs"]; ok {
		s, isString := v.(string)
		if !isString {
			return opts, errors.New("runtime option nodeargs must be a string")
		}
		args, err := shlex.Split(s)
		if err != nil {
			return opts, fmt.Errorf("runtime option nodeargs: %w", err)
		}
		opts.nodeArgs = args
	}
	return opts, nil
}
