#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% Reads time_test.msgs (pretty Megaco text), decodes each message with
%% Erlang/OTP's megaco text decoder and writes it back with the compact
%% text encoder, so encbench's compact encoder can be checked against it.
%% Both run with the configuration the worker and the vectors use
%% (megaco_common.hrl), so the committed text is what the worker times.
%%
%% Usage: escript megaco_compact.escript <time_test.msgs> <out.txt>
%% Output: per message, a line `== <name> <byte count>` then the bytes, then
%% a newline; a message Erlang cannot handle gets `!! <name> <reason>`.
-mode(compile).
-compile(nowarn_unused_function).
-include("megaco_common.hrl").

main([In, Out]) ->
    case load_messages(In) of
        {ok, Msgs} ->
            Lines = [convert(Name, Bin) || {Name, Bin} <- Msgs],
            ok = file:write_file(Out, Lines);
        {error, Why} ->
            io:format(standard_error, "megaco_compact: ~s~n", [Why]),
            halt(2)
    end;
main(_) ->
    io:format(standard_error, "usage: megaco_compact.escript <time_test.msgs> <out>~n", []),
    halt(2).

convert(Name, Bin) ->
    case megaco_pretty_text_encoder:version_of(?CONF, Bin) of
        {ok, V} ->
            case megaco_pretty_text_encoder:decode_message(?CONF, V, Bin) of
                {ok, Msg} ->
                    case megaco_compact_text_encoder:encode_message(?CONF, V, Msg) of
                        {ok, C0} ->
                            C = iolist_to_binary(C0),
                            [io_lib:format("== ~s ~b~n", [Name, byte_size(C)]), C, "\n"];
                        Err ->
                            io_lib:format("!! ~s encode ~0p~n", [Name, Err])
                    end;
                Err ->
                    io_lib:format("!! ~s decode ~0p~n", [Name, Err])
            end;
        Err ->
            io_lib:format("!! ~s version ~0p~n", [Name, Err])
    end.
