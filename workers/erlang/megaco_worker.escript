#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell +sbwt none +sbwtdcpu none +sbwtdio none
%% encbench worker (see crates/workers/src/lib.rs for the protocol): times
%% Erlang/OTP megaco's own codecs in-process on upstream's time_test.msgs,
%% the way upstream's examples/meas/megaco_codec_meas.erl calls them:
%% pretty and compact text, BER and PER with megaco's name transformation,
%% and BER and PER "native" (the ASN.1 values as they are on the wire).
%% One run operation encodes or decodes one message, cycling through all.
-mode(compile).
-compile(nowarn_unused_function).
-include("megaco_common.hrl").

%% {Id, Codec, Config, Operation}
codecs() ->
    [{iolist_to_binary(["megaco/erlang-", Name, "-", atom_to_list(Op)]), Codec, Conf, Op}
     || {Name, Codec, Conf} <- [{"pretty", pretty, ?CONF},
                                {"compact", compact, ?CONF},
                                {"ber", ber, ?CONF},
                                {"per", per, ?CONF},
                                {"ber-native", ber, ?CONF ++ [native]},
                                {"per-native", per, ?CONF ++ [native]}],
        Op <- [encode, decode]].

main(_) ->
    %% Raw bytes in and out: requests and replies are UTF-8 JSON.
    ok = io:setopts([binary]),
    loop(undefined).

loop(State) ->
    case io:get_line("") of
        eof -> ok;
        {error, _} -> ok;
        Line ->
            case try_request(string:trim(Line), State) of
                quit -> ok;
                {Reply, Next} ->
                    io:put_chars([json(Reply), $\n]),
                    loop(Next)
            end
    end.

try_request(Line, State) ->
    try json_object(Line) of
        #{<<"op">> := <<"quit">>} -> quit;
        #{<<"op">> := Op} = Request ->
            try handle(Op, Request, State)
            catch Class:Why:Stack -> {failure(error_text(Class, Why, Stack)), State}
            end;
        _ -> {failure(<<"request without an op">>), State}
    catch _:_ -> {failure(iolist_to_binary(["unreadable request: ", Line])), State}
    end.

failure(Why) -> [{ok, false}, {error, Why}].

handle(<<"hello">>, _, State) ->
    code:which(megaco_ber_encoder) =:= non_existing andalso
        erlang:error("Erlang's megaco application is not installed (Debian: erlang-megaco)"),
    Runtime = iolist_to_binary(["Erlang/OTP ", erlang:system_info(otp_release),
                                " erts-", erlang:system_info(version),
                                " megaco-", megaco_version()]),
    {[{ok, true}, {language, <<"erlang">>}, {runtime, Runtime},
      {codecs, [Id || {Id, _, _, _} <- codecs()]}], State};
handle(<<"prepare">>, Request, _) ->
    Id = maps:get(<<"codec">>, Request),
    case lists:keyfind(Id, 1, codecs()) of
        {_, Codec, Conf, Op} -> prepare_codec(Codec, Conf, Op, Request);
        false -> {failure(iolist_to_binary(["unknown codec ", Id])), undefined}
    end;
handle(<<"run">>, _, undefined) ->
    {failure(<<"run before a codec is prepared">>), undefined};
handle(<<"run">>, Request, {Op, Items} = State) ->
    N = maps:get(<<"iters">>, Request),
    Start = erlang:monotonic_time(nanosecond),
    run(Op, Items, tuple_size(Items), 1, N),
    Ns = erlang:monotonic_time(nanosecond) - Start,
    {[{ok, true}, {ns, Ns}], State};
handle(Op, _, State) ->
    {failure(iolist_to_binary(["unknown op ", Op])), State}.

prepare_codec(Codec, Conf, Op, Request) ->
    Msgs = case load_messages(binary_to_list(maps:get(<<"input">>, Request))) of
               {ok, M} -> M;
               {error, Why} -> erlang:error(lists:flatten(Why))
           end,
    Prepared = [prepare(Name, Codec, Conf, Bin) || {Name, Bin} <- Msgs],
    Items = list_to_tuple([case Op of
                               encode -> {Codec, Conf, V, Msg};
                               decode -> {Codec, Conf, V, Bytes}
                           end || {V, Msg, Bytes} <- Prepared]),
    Hex = [hex(Bytes) || {_, _, Bytes} <- Prepared],
    %% What the decoder returned, in a canonical form encbench reads with
    %% its own decoders: the decoded value encoded as BER.
    Decoded = case Op of
                  decode -> [{decoded_ber_hex, [hex(decoded_as_ber(Codec, Conf, V, Bytes))
                                                || {V, _, Bytes} <- Prepared]}];
                  encode -> []
              end,
    {[{ok, true}, {encoded_hex, Hex} | Decoded], {Op, Items}}.

decoded_as_ber(Codec, Conf, V, Bytes) ->
    {ok, Back} = decode(Codec, Conf, V, Bytes),
    BerConf = case lists:member(native, Conf) of
                  true -> ?CONF ++ [native];
                  false -> ?CONF
              end,
    encode(ber, BerConf, V, Back).

%% The message in the form this codec encodes, and its encoding. Checks
%% that what the decoder returns encodes to bytes that decode to it again
%% (terms are compared with named-bit lists sorted: megaco's encoders
%% reverse the list of named bits of a BIT STRING, such as an audit
%% descriptor's tokens, each time through).
prepare(Name, Codec, Conf, Pretty) ->
    {V, TextMsg} = decode_pretty(Pretty),
    Msg = case lists:member(native, Conf) of
              %% Native codecs take the ASN.1-level record: megaco's
              %% transformed one, as its native decoder returns it.
              true -> {ok, M} = decode(Codec, Conf, V, encode(Codec, ?CONF, V, TextMsg)), M;
              false -> TextMsg
          end,
    Bytes = encode(Codec, Conf, V, Msg),
    case decode(Codec, Conf, V, Bytes) of
        {ok, Back} ->
            {ok, Again} = decode(Codec, Conf, V, encode(Codec, Conf, V, Back)),
            case canon(Again) =:= canon(Back) of
                true -> {V, Msg, Bytes};
                false -> erlang:error({round_trip_changed_message, Name})
            end;
        Error -> erlang:error({cannot_decode_own_encoding, Name, Error})
    end.

canon([A | _] = L) when is_atom(A) ->
    case lists:all(fun erlang:is_atom/1, L) of
        true -> lists:sort(L);
        false -> [canon(X) || X <- L]
    end;
canon(L) when is_list(L) -> [canon(X) || X <- L];
canon(T) when is_tuple(T) -> list_to_tuple(canon(tuple_to_list(T)));
canon(X) -> X.

run(_, _, _, _, 0) -> ok;
run(Op, Items, Size, I, N) ->
    {Codec, Conf, V, Value} = element(I, Items),
    {ok, _} = case Op of
                  encode -> (codec_module(Codec)):encode_message(Conf, V, Value);
                  decode -> (codec_module(Codec)):decode_message(Conf, V, Value)
              end,
    run(Op, Items, Size, if I =:= Size -> 1; true -> I + 1 end, N - 1).

megaco_version() ->
    _ = application:load(megaco),
    case application:get_key(megaco, vsn) of
        {ok, Vsn} -> Vsn;
        undefined -> "unknown"
    end.

error_text(error, Why, _) when is_list(Why) -> list_to_binary(Why);
error_text(Class, Why, Stack) ->
    iolist_to_binary(io_lib:format("~w: ~W at ~W", [Class, Why, 20, Stack, 6])).

%% A reader for the flat JSON objects encbench sends (string and integer
%% values), and a writer for the replies. OTP 25 has no json module.
json_object(Line) ->
    {Pairs, _} = members(skip_ws(strip_prefix(<<"{">>, skip_ws(Line))), []),
    maps:from_list(Pairs).

members(<<"}", Rest/binary>>, Acc) -> {Acc, Rest};
members(<<",", Rest/binary>>, Acc) -> members(skip_ws(Rest), Acc);
members(<<"\"", _/binary>> = Bin, Acc) ->
    {Key, R1} = string_value(Bin),
    {Value, R2} = value(skip_ws(strip_prefix(<<":">>, skip_ws(R1)))),
    members(skip_ws(R2), [{Key, Value} | Acc]).

value(<<"\"", _/binary>> = Bin) -> string_value(Bin);
value(Bin) ->
    {Digits, Rest} = lists:splitwith(fun(C) -> (C >= $0 andalso C =< $9) orelse C =:= $- end,
                                     binary_to_list(Bin)),
    {list_to_integer(Digits), list_to_binary(Rest)}.

string_value(<<"\"", Rest/binary>>) -> chars(Rest, []).

chars(<<"\"", Rest/binary>>, Acc) -> {unicode:characters_to_binary(lists:reverse(Acc)), Rest};
chars(<<"\\u", H:4/binary, Rest/binary>>, Acc) -> chars(Rest, [binary_to_integer(H, 16) | Acc]);
chars(<<"\\", C, Rest/binary>>, Acc) -> chars(Rest, [unescape(C) | Acc]);
chars(<<C/utf8, Rest/binary>>, Acc) -> chars(Rest, [C | Acc]).

unescape($n) -> $\n;
unescape($t) -> $\t;
unescape($r) -> $\r;
unescape($b) -> $\b;
unescape($f) -> $\f;
unescape(C) -> C.

strip_prefix(Prefix, Bin) ->
    Size = byte_size(Prefix),
    <<Prefix:Size/binary, Rest/binary>> = Bin,
    Rest.

skip_ws(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n -> skip_ws(Rest);
skip_ws(Bin) -> Bin.

json(Pairs) when is_list(Pairs) ->
    ["{", lists:join(",", [[json_string(atom_to_binary(K)), ":", json_value(V)] || {K, V} <- Pairs]), "}"].

json_value(true) -> "true";
json_value(false) -> "false";
json_value(N) when is_integer(N) -> integer_to_list(N);
json_value(B) when is_binary(B) -> json_string(B);
json_value(L) when is_list(L) -> ["[", lists:join(",", [json_value(X) || X <- L]), "]"].

json_string(B) ->
    [$", [escape(C) || <<C/utf8>> <= B], $"].

escape($") -> "\\\"";
escape($\\) -> "\\\\";
escape(C) when C < 16#20 -> io_lib:format("\\u~4.16.0b", [C]);
escape(C) -> <<C/utf8>>.
