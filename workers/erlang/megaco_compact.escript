#!/usr/bin/env escript
%% Reads time_test.msgs (pretty Megaco text), decodes each message with
%% Erlang/OTP's megaco text decoder and writes it back with the compact
%% text encoder, so encbench's compact encoder can be checked against it.
%%
%% Usage: escript megaco_compact.escript <time_test.msgs> <out.txt>
%% Output: per message, a line `== <name> <byte count>` then the bytes, then
%% a newline; a message Erlang cannot handle gets `!! <name> <reason>`.
main([In, Out]) ->
    {ok, [{pretty, Msgs}]} = file:consult(In),
    Lines = [convert(Name, Bin) || {Name, Bin} <- Msgs],
    ok = file:write_file(Out, Lines);
main(_) ->
    io:format(standard_error, "usage: megaco_compact.escript <time_test.msgs> <out>~n", []),
    halt(2).

convert(Name, Bin) ->
    case megaco_pretty_text_encoder:decode_message([], dynamic, Bin) of
        {ok, Msg} ->
            V = version(Msg),
            case megaco_compact_text_encoder:encode_message([], V, Msg) of
                {ok, C} ->
                    [io_lib:format("== ~s ~b~n", [Name, byte_size(C)]), C, "\n"];
                Err ->
                    io_lib:format("!! ~s encode ~0p~n", [Name, Err])
            end;
        Err ->
            io_lib:format("!! ~s decode ~0p~n", [Name, Err])
    end.

%% #'MegacoMessage'{mess = #'Message'{version = V}}
version({'MegacoMessage', _Auth, Mess}) -> element(2, Mess).
