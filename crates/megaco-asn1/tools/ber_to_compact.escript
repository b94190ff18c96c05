#!/usr/bin/env escript
%%! -noshell
%% Erlang/OTP megaco's compact text of each BER vector: decodes the BER
%% (with the binary name resolver and the [8,8,8] term ids, megaco's
%% default, i.e. not "native") and writes the records with the compact text
%% encoder: what the text tape encoder's output is held to
%% (tests/text_tape.rs runs this when escript is on PATH).
%%
%% Usage: escript ber_to_compact.escript <tests/vectors/ber.txt> <out.txt>
%% Output: per message, `== <name> <byte count>`, a newline, the text and a
%% newline (the format of crates/megaco/tests/vectors/erlang_compact.txt);
%% a message Erlang cannot handle gets `!! <name> <reason>`.
-mode(compile).
-define(CONF, [{version3, v3}]).

main([In, Out]) ->
    {ok, B} = file:read_file(In),
    Lines = [L || L <- binary:split(B, <<"\n">>, [global]),
                  L =/= <<>>, binary:first(L) =/= $#],
    ok = file:write_file(Out, [convert(L) || L <- Lines]);
main(_) ->
    io:format(standard_error, "usage: ber_to_compact.escript <ber.txt> <out>~n", []),
    halt(2).

convert(Line) ->
    [Name, V, Hex] = binary:split(Line, <<" ">>, [global]),
    Version = binary_to_integer(V),
    try
        {ok, Msg} = megaco_ber_encoder:decode_message(?CONF, Version, binary:decode_hex(Hex)),
        {ok, Text} = megaco_compact_text_encoder:encode_message(?CONF, Version, Msg),
        C = iolist_to_binary(Text),
        [io_lib:format("== ~s ~b~n", [Name, byte_size(C)]), C, "\n"]
    catch Class:Why -> io_lib:format("!! ~s ~0p ~0p~n", [Name, Class, Why])
    end.
