#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% Writes the byte-compatibility vectors: each message of upstream's
%% time_test.msgs, decoded by megaco's pretty-text decoder, then encoded by
%% megaco's BER and PER encoders for its version. One line per message:
%% `name version hex`.
%%
%% Usage: escript megaco_vectors.escript TIME_TEST_MSGS OUT_DIR
-mode(compile).
-compile(nowarn_unused_function).
-include("megaco_common.hrl").

main([Input, OutDir]) ->
    {ok, Msgs} = load_messages(Input),
    Decoded = [{Name, decode_pretty(Bin)} || {Name, Bin} <- Msgs],
    lists:foreach(
      fun(Codec) ->
              Lines = [io_lib:format("~s ~b ~s~n", [Name, V, hex(encode(Codec, ?CONF, V, Msg))])
                       || {Name, {V, Msg}} <- Decoded],
              Path = filename:join(OutDir, atom_to_list(Codec) ++ ".txt"),
              ok = file:write_file(Path, Lines),
              io:format("wrote ~s (~b messages)~n", [Path, length(Lines)])
      end, [ber, per]);
main(_) ->
    io:format(standard_error, "usage: megaco_vectors.escript TIME_TEST_MSGS OUT_DIR~n", []),
    halt(2).
