/**
 * react-admin messages @spectrum/ra-language-korean 0.0.8 lacks (63 of the
 * 164 keys of ra-language-english 5.15.4), plus corrections to a few of its
 * strings (typos, "username" -> 아이디, awkward particles). Korean has one
 * plural form, so no "||||" variants here.
 */
export const raKoreanCompletion = {
    ra: {
        action: {
            clear_array_input: '목록 비우기',
            create_item: '%{item} 만들기',
            remove_all_filters: '모든 필터 지우기',
            reset: '초기화',
            search_columns: '열 검색',
            select_all: '모두 선택',
            select_all_button: '모두 선택',
            select_row: '이 행 선택',
            update: '업데이트',
            move_up: '위로 이동',
            move_down: '아래로 이동',
            open: '열기',
            toggle_theme: '밝은/어두운 테마 전환',
            select_columns: '열',
            update_application: '새 버전 불러오기',
            back: '뒤로',
            bulk_actions: '%{smart_count}개 선택됨',
        },
        page: {
            // react-admin 5 passes the record representation, no longer only the id.
            edit: '%{name} %{recordRepresentation}',
            show: '%{name} %{recordRepresentation}',
            access_denied: '접근 거부',
            authentication_error: '인증 오류',
            empty: '아직 %{name} 항목이 없습니다.',
            // The pack has "invite other users?"; react-admin asks whether to add one.
            invite: '새로 만드시겠습니까?',
            error: '문제가 발생했습니다.',
            loading: '불러오는 중',
        },
        input: {
            file: {
                upload_several: '업로드할 파일을 끌어다 놓거나 눌러서 고르세요.',
                upload_single: '업로드할 파일을 끌어다 놓거나 눌러서 고르세요.',
            },
            image: {
                upload_several: '업로드할 이미지를 끌어다 놓거나 눌러서 고르세요.',
                upload_single: '업로드할 이미지를 끌어다 놓거나 눌러서 고르세요.',
            },
            password: {
                toggle_visible: '비밀번호 숨기기',
                toggle_hidden: '비밀번호 보기',
            },
        },
        message: {
            access_denied: '이 페이지에 접근할 권한이 없습니다.',
            authentication_error: '인증 서버가 오류를 반환하여 자격 증명을 확인할 수 없습니다.',
            auth_error: '인증 토큰을 확인하는 중 오류가 발생했습니다.',
            bulk_delete_content: '선택한 %{name} %{smart_count}개를 삭제하시겠습니까?',
            bulk_delete_title: '%{name} %{smart_count}개 삭제',
            bulk_update_content: '선택한 %{name} %{smart_count}개를 업데이트하시겠습니까?',
            bulk_update_title: '%{name} %{smart_count}개 업데이트',
            delete_content: '이 %{name} 항목을 삭제하시겠습니까?',
            delete_title: '%{name} %{recordRepresentation} 삭제',
            clear_array_input: '목록 전체를 비우시겠습니까?',
            select_all_limit_reached: '항목이 너무 많아 모두 선택할 수 없습니다. 처음 %{max}개만 선택했습니다.',
            placeholder_data_warning: '네트워크 문제: 데이터를 새로 고치지 못했습니다.',
            are_you_sure: '계속하시겠습니까?',
            loading: '페이지를 불러오는 중입니다. 잠시 기다려 주세요.',
            unsaved_changes: '저장하지 않은 변경 사항이 있습니다. 무시하시겠습니까?',
            invalid_form: '입력 내용이 올바르지 않습니다. 오류를 확인해 주세요.',
        },
        navigation: {
            no_results: '%{name} 항목을 찾을 수 없습니다.',
            clear_filters: '필터 지우기',
            no_filtered_results: '현재 필터로 찾은 %{name} 항목이 없습니다.',
            partial_page_range_info: '%{offsetEnd}개 이상 중 %{offsetBegin}-%{offsetEnd}',
            current_page: '%{page} 페이지',
            page: '%{page} 페이지로 이동',
            first: '첫 페이지로 이동',
            last: '마지막 페이지로 이동',
            previous: '이전 페이지로 이동',
            next: '다음 페이지로 이동',
        },
        sort: {
            sort_by: '%{field} 기준 %{order} 정렬',
        },
        auth: {
            username: '아이디',
            email: '이메일',
            password: '비밀번호',
            auth_check_error: '계속하려면 로그인해 주세요.',
            sign_in_error: '로그인하지 못했습니다. 다시 시도해 주세요.',
        },
        notification: {
            not_authorized: '이 리소스에 접근할 권한이 없습니다.',
            application_update_available: '새 버전을 사용할 수 있습니다.',
            offline: '연결되지 않았습니다. 데이터를 가져올 수 없습니다.',
            updated: '%{smart_count}개 항목을 저장했습니다.',
            created: '만들었습니다.',
            deleted: '%{smart_count}개 항목을 삭제했습니다.',
            bad_item: '잘못된 항목입니다.',
            item_doesnt_exist: '항목이 없습니다.',
            data_provider_error: '데이터를 처리하지 못했습니다.',
            i18n_error: '이 언어의 번역을 불러올 수 없습니다.',
            canceled: '취소했습니다.',
            logged_out: '세션이 끝났습니다. 다시 로그인해 주세요.',
        },
        validation: {
            maxValue: '최대 %{max} 이하여야 합니다',
            oneOf: '다음 중 하나여야 합니다: %{options}',
            unique: '중복되지 않아야 합니다',
            number: '숫자여야 합니다',
            regex: '지정한 형식이어야 합니다: %{pattern}',
        },
        saved_queries: {
            label: '저장된 검색',
            query_name: '검색 이름',
            new_label: '현재 검색 저장...',
            new_dialog_title: '현재 검색을 다른 이름으로 저장',
            remove_label: '저장된 검색 삭제',
            remove_label_with_name: '"%{name}" 검색 삭제',
            remove_dialog_title: '저장된 검색을 삭제하시겠습니까?',
            remove_message: '저장된 검색 목록에서 이 항목을 삭제하시겠습니까?',
            help: '목록을 필터링하고 이 검색을 나중을 위해 저장하세요',
        },
        guesser: {
            empty: {
                title: '표시할 데이터가 없습니다',
                message: '데이터 공급자를 확인하세요',
            },
        },
        configurable: {
            customize: '사용자 지정',
            configureMode: '이 페이지 설정',
            inspector: {
                title: '검사기',
                content: '설정할 화면 요소 위에 마우스를 올리세요',
                reset: '설정 초기화',
                hideAll: '모두 숨기기',
                showAll: '모두 보이기',
            },
            Datagrid: {
                title: '데이터 표',
                unlabeled: '이름 없는 열 #%{column}',
            },
            SimpleForm: {
                title: '양식',
                unlabeled: '이름 없는 입력 #%{input}',
            },
            SimpleList: {
                title: '목록',
                primaryText: '기본 텍스트',
                secondaryText: '보조 텍스트',
                tertiaryText: '세 번째 텍스트',
            },
        },
    },
};
