%% Shared by the megaco escripts: load upstream's time_test.msgs and run
%% megaco's own codecs with the configuration upstream's timing program uses.

-define(CONF, [{version3, v3}]).

%% {pretty, [{Name, Bin}]} as upstream ships it.
load_messages(Path) ->
    case file:consult(Path) of
        {ok, [{pretty, Msgs}]} when is_list(Msgs) -> {ok, Msgs};
        {ok, Other} -> {error, io_lib:format("~s: not {pretty, [...]}: ~P", [Path, Other, 5])};
        {error, Why} -> {error, io_lib:format("~s: ~p", [Path, Why])}
    end.

%% The encoder module for a codec name.
codec_module(pretty) -> megaco_pretty_text_encoder;
codec_module(compact) -> megaco_compact_text_encoder;
codec_module(ber) -> megaco_ber_encoder;
codec_module(per) -> megaco_per_encoder.

%% Decodes a pretty message: {Version, Record}.
decode_pretty(Bin) ->
    {ok, V} = megaco_pretty_text_encoder:version_of(?CONF, Bin),
    {ok, Msg} = megaco_pretty_text_encoder:decode_message(?CONF, V, Bin),
    {V, Msg}.

encode(Codec, Conf, V, Msg) ->
    case (codec_module(Codec)):encode_message(Conf, V, Msg) of
        {ok, Bin} -> iolist_to_binary(Bin);
        Error -> erlang:error({encode, Codec, Error})
    end.

decode(Codec, Conf, V, Bin) ->
    (codec_module(Codec)):decode_message(Conf, V, Bin).

hex(Bin) -> binary:encode_hex(Bin).

unhex(Hex) -> binary:decode_hex(Hex).
