#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%% Byte compatibility, Erlang's side: decodes another implementation's
%% BER or PER encodings of upstream's messages with megaco's own decoder
%% and compares each with what megaco decodes from its own encoding of
%% the same pretty-text message. Exits 0 when all match, 1 naming the
%% first mismatch, 2 on bad usage or input.
%%
%% Usage: escript megaco_check.escript TIME_TEST_MSGS ber|per ENCODINGS
%%   ENCODINGS: one `name version hex` line per message.
-mode(compile).
-compile(nowarn_unused_function).
-include("megaco_common.hrl").

main([Input, CodecName, Encodings]) when CodecName =:= "ber"; CodecName =:= "per" ->
    Codec = list_to_atom(CodecName),
    Msgs = case load_messages(Input) of
               {ok, M} -> M;
               {error, Why} -> bad_input("~s", [Why])
           end,
    Text = case file:read_file(Encodings) of
               {ok, T} -> T;
               {error, Reason} -> bad_input("~s: ~p", [Encodings, Reason])
           end,
    Theirs = [parse_line(L) || L <- binary:split(Text, <<"\n">>, [global, trim_all])],
    Fail = fun(Fmt, Args) -> io:format(standard_error, Fmt ++ "~n", Args), halt(1) end,
    Mine = maps:from_list([{atom_to_binary(Name), Bin} || {Name, Bin} <- Msgs]),
    %% The set of names checked: a repeated line must not stand in for a
    %% missing one.
    Checked = lists:foldl(
      fun({Name, V, Bytes}, Seen) ->
              sets:is_element(Name, Seen) andalso bad_input("~s: listed twice", [Name]),
              Pretty = case maps:find(Name, Mine) of
                           {ok, P} -> P;
                           error -> Fail("~s: no such message in ~s", [Name, Input])
                       end,
              {PV, Msg} = decode_pretty(Pretty),
              PV =:= V orelse Fail("~s: version ~b, but the message is version ~b", [Name, V, PV]),
              Own = encode(Codec, ?CONF, V, Msg),
              {ok, Expected} = decode(Codec, ?CONF, V, Own),
              case catch decode(Codec, ?CONF, V, Bytes) of
                  {ok, Expected} -> sets:add_element(Name, Seen);
                  {ok, Other} -> Fail("~s: decodes to a different message:~n~P~nexpected~n~P",
                                      [Name, Other, 60, Expected, 60]);
                  Error -> Fail("~s: megaco cannot decode it: ~P", [Name, Error, 30])
              end
      end, sets:new(), Theirs),
    N = sets:size(Checked),
    N =:= length(Msgs) orelse Fail("checked ~b messages of ~b", [N, length(Msgs)]),
    io:format("~s: all ~b messages decode in Erlang to megaco's own~n", [CodecName, N]);
main(_) ->
    io:format(standard_error, "usage: megaco_check.escript TIME_TEST_MSGS ber|per ENCODINGS~n", []),
    halt(2).

bad_input(Fmt, Args) ->
    io:format(standard_error, "bad input: " ++ Fmt ++ "~n", Args),
    halt(2).

%% `name version hex`; anything else is bad input, named with its line.
parse_line(Line) ->
    Parsed = case binary:split(Line, <<" ">>, [global]) of
                 [Name, V, Hex] ->
                     try {Name, binary_to_integer(V), unhex(Hex)}
                     catch error:_ -> error
                     end;
                 _ -> error
             end,
    case Parsed of
        error -> bad_input("line ~p", [Line]);
        Ok -> Ok
    end.
